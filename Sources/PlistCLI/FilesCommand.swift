import Foundation
import PlistBundle
import PlistCore

/// `infoscope files PATH [--format text|json]`: what infoscope found in a bundle, an archive, a
/// project or a file.
///
/// Text layout: a heading with the input's kind and platforms, then each bundle (its path,
/// kind, identifier, version and platforms) followed by its files, indented one level per
/// bundle nesting; each file shows its path (what `print --file` takes), its role and what is
/// known of it (the property-list format, an image's size and alpha, or why it could not be
/// read). Problems that belong to no file come last.
package enum FilesCommand {
  /// Runs the command: loads the input and writes the listing.
  ///
  /// - Returns: `.success`; `.noInput` when the path cannot be opened; `.cannotCreate` when
  ///   standard output refuses the text.
  static func run(_ options: FilesOptions, context: CLI.Context) -> ExitStatus {
    let bundle: AppBundle
    do {
      bundle =
        options.input == "-"
        ? try BundleInput.standardInput(context.console)
        : try BundleLoader.load(path: options.input)
    } catch {
      context.console.write("\(error)\n", to: .error)
      return .noInput
    }
    let written =
      options.json
      ? context.console.write(json(bundle), to: .output)
      : context.console.write(render(bundle), to: .output)
    return written ? .success : .cannotCreate
  }

  /// The text listing of `bundle`.
  ///
  /// - Parameter bundle: the loaded input.
  /// - Returns: the listing, ending in a newline.
  package static func render(_ bundle: AppBundle) -> String {
    var out = "\(bundle.inputPath): \(bundle.inputKind.rawValue)"
    out += bundle.isBuilt ? " (built)" : " (source)"
    if !bundle.platforms.isEmpty {
      out += ", " + bundle.platforms.map(\.rawValue).joined(separator: ", ")
    }
    if let distribution = bundle.distribution {
      out += ", \(distribution.rawValue) profile"
    }
    out = VisibleEscaping.line(out) + "\n"
    for file in bundle.files { out += fileLine(file, depth: 1) }
    for node in bundle.bundles { render(node, depth: 1, into: &out) }
    if !bundle.problems.isEmpty {
      out += "problems:\n"
      for problem in bundle.problems { out += "  " + VisibleEscaping.line("\(problem)") + "\n" }
    }
    return out
  }

  private static func render(_ node: BundleNode, depth: Int, into out: inout String) {
    let indent = String(repeating: "  ", count: depth)
    var line = "\(indent)\(node.path.isEmpty ? "." : node.path)/  \(node.kind.rawValue)"
    if let identifier = node.identifier { line += "  \(identifier)" }
    if let version = node.shortVersion {
      line += "  \(version)" + (node.buildVersion.map { " (\($0))" } ?? "")
    }
    if !node.platforms.isEmpty {
      line += "  [" + node.platforms.map(\.rawValue).joined(separator: ", ") + "]"
    }
    if let sdk = node.sdk { line += "  SDK \(sdk)" }
    out += VisibleEscaping.line(line) + "\n"
    for file in node.files { out += fileLine(file, depth: depth + 1) }
    for child in node.children { render(child, depth: depth + 1, into: &out) }
  }

  private static func fileLine(_ file: BundleFile, depth: Int) -> String {
    let indent = String(repeating: "  ", count: depth)
    var details: [String] = [file.role.rawValue]
    if isMissing(file) {
      // Named by the Info.plist but absent: say so before anything else.
      details.append("missing")
    } else if file.role == .executable {
      if file.document != nil { details.append("Mach-O") }
    } else if file.isGenerated {
      details.append("effective: INFOPLIST_FILE and build settings")
    } else if let catalog = file.assetCatalog {
      details.append(assetCatalogSummary(catalog))
    } else if let format = file.format {
      details.append(formatName(format))
    }
    if let image = file.image {
      details.append(
        "\(image.width)×\(image.height) px, \(image.hasAlpha ? "alpha" : "no alpha")"
          + (image.isCgBI ? ", CgBI" : ""))
    }
    if let set = file.iconSet {
      let named = set.images.filter { $0.filename != nil }
      let missing = named.filter { $0.problem?.kind == .notFound }.count
      let unreadable = named.filter { $0.problem != nil }.count - missing
      details.append(
        "\(set.images.count) slots, \(named.count) images"
          + (missing > 0 ? ", \(missing) missing" : "")
          + (unreadable > 0 ? ", \(unreadable) unreadable" : ""))
    }
    if let profile = file.profile {
      details.append(
        "\(profile.kind.rawValue), team \(profile.teamIdentifiers.joined(separator: ","))")
    }
    if file.size > 0 { details.append(byteCount(file.size)) }
    var line = "\(indent)\(file.path)  (" + details.joined(separator: ", ") + ")"
    if let problem = file.problem {
      line +=
        "  ! \(problem.underlying.map { "\($0.line):\($0.column): " } ?? "")\(problem.message)"
    }
    return VisibleEscaping.line(line) + "\n"
  }

  /// `6 assets, 31 renditions` (and `, thinned` for a catalog thinned for one device).
  static func assetCatalogSummary(_ catalog: CompiledAssetCatalog) -> String {
    func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    return count(catalog.assets.count, "asset") + ", "
      + count(catalog.renditionCount, "rendition") + (catalog.isThinned ? ", thinned" : "")
  }

  /// True for a file the bundle names (its executable, launch storyboard) that is not there.
  static func isMissing(_ file: BundleFile) -> Bool {
    file.problem?.kind == .notFound && file.document == nil && file.size == 0
  }

  static func formatName(_ format: PlistFormat) -> String {
    switch format {
    case .xml: "XML"
    case .binary: "binary"
    case .ascii: "ASCII"
    case .json: "JSON"
    }
  }

  /// A size in bytes, KB or MB (powers of 1,000), one decimal above 1 KB.
  static func byteCount(_ count: Int) -> String {
    if count < 1_000 { return "\(count) B" }
    if count < 1_000_000 { return String(format: "%.1f KB", Double(count) / 1_000) }
    return String(format: "%.1f MB", Double(count) / 1_000_000)
  }

  // MARK: JSON

  /// The version of the JSON listing's layout (`formatVersion`), raised when a member changes
  /// meaning or goes away; new members may appear without a change.
  static let jsonFormatVersion = 1

  /// The listing as JSON for scripts.
  ///
  /// The document is `{formatVersion, input, kind, built, platforms, distribution?, files,
  /// bundles, problems}`; each bundle `{path, kind, identifier?, version?, build?, platforms,
  /// sdk?, files, bundles}`; each file `{path, role, missing?, generated?, format?, size,
  /// image?, assets?, renditions?, problem?}` (`assets` and `renditions` for a compiled asset catalog); each problem `{kind, message, path?, line?, column?}`. Kinds and
  /// roles are stable identifiers (`ipa`, `appExtension`, `infoPlist`, `signedEntitlements`,
  /// `plist`), not the phrases the text listing shows; formats are `xml`, `binary`, `ascii`,
  /// `json`. Absent members are left out. Written with Foundation's `JSONEncoder`, strings
  /// escaped by the one rule (`VisibleEscaping.json`).
  ///
  /// - Parameter bundle: the loaded input.
  /// - Returns: pretty-printed UTF-8 JSON ending in a newline.
  package static func json(_ bundle: AppBundle) -> [UInt8] {
    let document = JSONInput(
      formatVersion: jsonFormatVersion, input: bundle.inputPath,
      kind: stableName(bundle.inputKind), built: bundle.isBuilt,
      platforms: bundle.platforms.map(\.rawValue),
      distribution: bundle.distribution.map(stableName),
      files: bundle.files.map(JSONFile.init), bundles: bundle.bundles.map(JSONBundle.init),
      problems: bundle.problems.map(JSONProblem.init))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
    guard let data = try? encoder.encode(document) else { return Array("{}\n".utf8) }
    return Array(VisibleEscaping.json(String(decoding: data, as: UTF8.self)).utf8) + [0x0A]
  }

  /// The Swift case name of an enum value: the stable identifier JSON uses.
  static func stableName(_ value: some Any) -> String { String(describing: value) }

  private struct JSONInput: Encodable {
    var formatVersion: Int
    var input: String
    var kind: String
    var built: Bool
    var platforms: [String]
    var distribution: String?
    var files: [JSONFile]
    var bundles: [JSONBundle]
    var problems: [JSONProblem]
  }

  private struct JSONBundle: Encodable {
    var path: String
    var kind: String
    var identifier: String?
    var version: String?
    var build: String?
    var platforms: [String]
    var sdk: String?
    var files: [JSONFile]
    var bundles: [JSONBundle]

    init(_ node: BundleNode) {
      path = node.path
      kind = FilesCommand.stableName(node.kind)
      identifier = node.identifier
      version = node.shortVersion
      build = node.buildVersion
      platforms = node.platforms.map(\.rawValue)
      sdk = node.sdk
      files = node.files.map(JSONFile.init)
      bundles = node.children.map(JSONBundle.init)
    }
  }

  private struct JSONFile: Encodable {
    var path: String
    var role: String
    var missing: Bool?
    var generated: Bool?
    var format: String?
    var size: Int
    var image: JSONImage?
    var assets: Int?
    var renditions: Int?
    var problem: JSONProblem?

    init(_ file: BundleFile) {
      path = file.path
      role = FilesCommand.stableName(file.role)
      missing = FilesCommand.isMissing(file) ? true : nil
      generated = file.isGenerated ? true : nil
      format =
        file.role == .executable || file.assetCatalog != nil
        ? nil : file.format?.rawValue
      assets = file.assetCatalog?.assets.count
      renditions = file.assetCatalog?.renditionCount
      size = file.size
      image = file.image.map { JSONImage(width: $0.width, height: $0.height, alpha: $0.hasAlpha) }
      problem = file.problem.map(JSONProblem.init)
    }
  }

  private struct JSONProblem: Encodable {
    var kind: String
    var message: String
    var path: String?
    var line: Int?
    var column: Int?

    init(_ error: BundleError) {
      kind = error.kind.rawValue
      message = error.message
      path = error.path
      if let underlying = error.underlying, underlying.line > 0 {
        line = underlying.line
        column = underlying.column > 0 ? underlying.column : nil
      }
    }
  }

  private struct JSONImage: Encodable {
    var width: Int
    var height: Int
    var alpha: Bool
  }
}
