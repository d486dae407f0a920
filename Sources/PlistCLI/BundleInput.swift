import Foundation
import PlistBundle
import PlistCore

/// Reaching a property list inside a bundle, archive or project from the command line.
enum BundleInput {
  /// The property list `file` inside `path` (the first bundle's Info.plist when `file` is nil,
  /// or the input's only file); on failure writes why to standard error and returns nil.
  static func document(_ path: String, file: String?, context: CLI.Context) -> PlistDocument? {
    let bundle: AppBundle
    do {
      bundle = try BundleLoader.load(path: path)
    } catch {
      context.console.write("\(error)\n", to: .error)
      return nil
    }
    let chosen: BundleFile?
    if let file {
      chosen = bundle.file(at: file)
      if chosen == nil {
        context.console.write(
          "\(path): error: no file '\(file)' inside; 'infoscope files \(path)' lists them\n",
          to: .error)
        return nil
      }
    } else {
      chosen =
        bundle.bundles.first?.infoPlistFile
        ?? bundle.allFiles.first { $0.document != nil || $0.problem != nil }
    }
    guard let chosen else {
      context.console.write(
        "\(path): error: no property list found; 'infoscope files \(path)' lists the files\n",
        to: .error)
      return nil
    }
    if let problem = chosen.problem, chosen.document == nil {
      context.console.write("\(problem)\n", to: .error)
      return nil
    }
    guard let document = chosen.document else {
      context.console.write(
        "\(chosen.path): error: this \(chosen.role.rawValue) is not a property list\n",
        to: .error)
      return nil
    }
    return document
  }

  /// Standard input as an input of its own, named `<stdin>`: a property list (its role a
  /// plain property list, since there is no file name to tell), an executable (its signed
  /// entitlements), or a provisioning profile (its CMS envelope).
  ///
  /// - Throws: `BundleError` of kind `.io` when standard input cannot be read.
  static func standardInput(
    _ console: any Console, role: FileRole? = nil
  ) throws(BundleError) -> AppBundle {
    let name = CLI.displayName("-")
    guard let bytes = console.readStandardInput() else {
      throw BundleError(.io, "cannot read standard input", path: name)
    }
    var bundle = AppBundle(inputPath: name, inputKind: .file, isBuilt: false)
    if FileReaders.isMachO(bytes) {
      bundle.isBuilt = true
      bundle.files = FileReaders.executable(bytes, path: name).files
    } else if bytes.starts(with: [0x30]) {
      // DER: a CMS envelope, as a provisioning profile is.
      bundle.files = [FileReaders.profile(bytes, path: name)]
    } else {
      var file = FileReaders.propertyList(bytes, path: name, role: role ?? .propertyList)
      if role != nil {
        file.roleReason = "given with --role"
      } else if let document = file.document,
        let (found, reason) = FileRoleInference.role(ofContent: document)
      {
        (file.role, file.roleReason) = (found, reason)
      } else {
        file.roleReason = FileRoleInference.role(path: name, document: file.document).reason
      }
      bundle.files = [file]
    }
    return bundle
  }
}
