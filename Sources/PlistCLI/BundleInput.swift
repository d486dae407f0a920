import Foundation
import PlistBundle
import PlistCore

/// Reaching a property list inside a bundle, archive or project from the command line.
enum BundleInput {
  /// True when `path` is something `print` reads through the bundle loader rather than as one
  /// property list: a folder, a ZIP archive (`.ipa`), a provisioning profile or a Mach-O file.
  static func isContainer(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    if info.st_mode & S_IFMT == S_IFDIR { return true }
    let lower = path.lowercased()
    if lower.hasSuffix(".ipa") || lower.hasSuffix(".mobileprovision")
      || lower.hasSuffix(".provisionprofile")
    {
      return true
    }
    guard let handle = fopen(path, "rb") else { return false }
    defer { fclose(handle) }
    var head = [UInt8](repeating: 0, count: 4)
    let n = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 4, handle) }
    return n == 4 && (head == [0x50, 0x4B, 0x03, 0x04] || FileReaders.isMachO(head))
  }

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
}
