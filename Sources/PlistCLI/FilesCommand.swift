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
      bundle = try BundleLoader.load(path: options.input)
    } catch {
      context.console.write("\(error)\n", to: .error)
      return .noInput
    }
    let bytes = options.json ? json(bundle) : Array(render(bundle).utf8)
    return context.console.write(bytes, to: .output) ? .success : .cannotCreate
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
    out += "\n"
    for file in bundle.files { out += fileLine(file, depth: 1) }
    for node in bundle.bundles { render(node, depth: 1, into: &out) }
    if !bundle.problems.isEmpty {
      out += "problems:\n"
      for problem in bundle.problems { out += "  \(problem)\n" }
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
    out += line + "\n"
    for file in node.files { out += fileLine(file, depth: depth + 1) }
    for child in node.children { render(child, depth: depth + 1, into: &out) }
  }

  private static func fileLine(_ file: BundleFile, depth: Int) -> String {
    let indent = String(repeating: "  ", count: depth)
    var details: [String] = [file.role.rawValue]
    if isMissing(file) {
      // Named by the Info.plist but absent: say so before anything else.
      details.append("missing")
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
    return line + "\n"
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

  /// The listing as JSON for scripts.
  ///
  /// The document is `{input, kind, built, platforms, files, bundles, problems}`, each bundle
  /// `{path, kind, identifier, version, build, platforms, files, bundles}`, each file
  /// `{path, role, missing, format, size, image, assets, renditions, problem}` (`missing` true for a file the
  /// bundle names that is not there; absent members left out). Written with Foundation's
  /// `JSONEncoder`.
  ///
  /// - Parameter bundle: the loaded input.
  /// - Returns: pretty-printed UTF-8 JSON ending in a newline.
  package static func json(_ bundle: AppBundle) -> [UInt8] {
    let document = JSONInput(
      input: bundle.inputPath, kind: bundle.inputKind.rawValue, built: bundle.isBuilt,
      platforms: bundle.platforms.map(\.rawValue), files: bundle.files.map(JSONFile.init),
      bundles: bundle.bundles.map(JSONBundle.init), problems: bundle.problems.map(\.description))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
    guard let data = try? encoder.encode(document) else { return Array("{}\n".utf8) }
    return Array(data) + [0x0A]
  }

  private struct JSONInput: Encodable {
    var input: String
    var kind: String
    var built: Bool
    var platforms: [String]
    var files: [JSONFile]
    var bundles: [JSONBundle]
    var problems: [String]
  }

  private struct JSONBundle: Encodable {
    var path: String
    var kind: String
    var identifier: String?
    var version: String?
    var build: String?
    var platforms: [String]
    var files: [JSONFile]
    var bundles: [JSONBundle]

    init(_ node: BundleNode) {
      path = node.path
      kind = node.kind.rawValue
      identifier = node.identifier
      version = node.shortVersion
      build = node.buildVersion
      platforms = node.platforms.map(\.rawValue)
      files = node.files.map(JSONFile.init)
      bundles = node.children.map(JSONBundle.init)
    }
  }

  private struct JSONFile: Encodable {
    var path: String
    var role: String
    var missing: Bool?
    var format: String?
    var size: Int
    var image: JSONImage?
    var assets: Int?
    var renditions: Int?
    var problem: String?

    init(_ file: BundleFile) {
      path = file.path
      role = file.role.rawValue
      missing = FilesCommand.isMissing(file) ? true : nil
      format = file.assetCatalog == nil ? file.format.map(FilesCommand.formatName) : nil
      assets = file.assetCatalog?.assets.count
      renditions = file.assetCatalog?.renditionCount
      size = file.size
      image = file.image.map { JSONImage(width: $0.width, height: $0.height, alpha: $0.hasAlpha) }
      problem = file.problem?.description
    }
  }

  private struct JSONImage: Encodable {
    var width: Int
    var height: Int
    var alpha: Bool
  }
}
