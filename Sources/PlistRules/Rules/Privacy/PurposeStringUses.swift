import PlistBundle

/// One piece of evidence in a bundle's executables that its Info.plist needs a purpose string:
/// an imported symbol of an API that needs one, or a linked framework.
package struct PurposeStringUse: Sendable, Equatable {
  /// How strong the evidence is.
  package enum Strength: String, Sendable, Equatable {
    /// The executable imports a symbol of the API (`OBJC_CLASS_$_EKEventStore`).
    case apiReference = "API reference"
    /// The executable only links the framework (`LC_LOAD_DYLIB`); weaker evidence.
    case linkedFramework = "linked framework"
  }

  /// The purpose key to add (the first of `keys`).
  package var key: String { keys.first ?? "" }
  /// The purpose keys, any one of which answers the evidence.
  package var keys: [String]
  /// The executable's path inside the input (`Payload/App.app/Frameworks/Kit.framework/Kit`).
  package var executable: String
  /// The slice's architecture (`arm64`).
  package var architecture: String
  /// The imported symbol (`OBJC_CLASS_$_EKEventStore`) or the linked library's install name
  /// (`/System/Library/Frameworks/EventKit.framework/EventKit`).
  package var evidence: String
  /// The API or framework it shows (`EKEventStore`, `EventKit.framework`).
  package var api: String
  /// How strong the evidence is.
  package var strength: Strength
  /// Where the symbol was read (`LC_SYMTAB`, `chained fixups`, …); empty for a linked framework.
  package var sources: [String]
  /// What the evidence implies, the Apple page and how firmly (for the rule).
  var row: PurposeStringEvidence.Row
}

/// The purpose-string evidence in executables: which bundle answers for which executable, and
/// the uses each shows.
package enum PurposeStringUses {
  /// The evidence `bundle`'s Info.plist answers for, executable by executable.
  ///
  /// That is its own executable and those of the frameworks and loadable bundles inside it, at
  /// any depth, as App Store Connect counts an app's frameworks for the app. App extensions,
  /// watch apps and App Clips inside it answer for themselves, with their own frameworks.
  ///
  /// - Parameters:
  ///   - bundle: the bundle whose Info.plist is checked.
  ///   - platforms: the platforms it targets (entries for other platforms are left out; empty
  ///     means unknown, where an iOS-only entry counts for a bundle with the iOS layout and a
  ///     macOS-only one for the macOS layout).
  /// - Returns: every API reference and linked framework found, by executable (the bundle's
  ///   own first), architecture, strength (API references first) and evidence.
  package static func uses(in bundle: BundleNode, platforms: [Platform]) -> [PurposeStringUse] {
    var found: [PurposeStringUse] = []
    for (path, file) in executables(of: bundle) {
      for slice in file.slices {
        found += apiUses(slice, executable: path, bundle: bundle, platforms: platforms)
        found += frameworkUses(slice, executable: path)
      }
    }
    return found
  }

  /// The import tables that did not read to their end in the executables `bundle` answers
  /// for: where these are, the evidence may be incomplete.
  ///
  /// - Returns: the executable's path, the slice's architecture and the problem (its message
  ///   and absolute offset), in the order of `uses(in:platforms:)`.
  package static func importProblems(
    in bundle: BundleNode
  ) -> [(executable: String, architecture: String, problem: BundleError)] {
    executables(of: bundle).flatMap { path, file in
      file.slices.flatMap { slice in
        slice.imports.problems.map { (path, slice.architecture, $0) }
      }
    }
  }

  /// The executables `bundle` answers for, with their paths, its own first.
  static func executables(of bundle: BundleNode) -> [(path: String, file: MachOFile)] {
    var result: [(String, MachOFile)] = []
    func add(_ node: BundleNode) {
      if let file = node.executable { result.append((executablePath(node), file)) }
      for child in node.children where child.kind == .framework || child.kind == .bundle {
        add(child)
      }
    }
    add(bundle)
    return result
  }

  /// The path of a bundle's executable, as `infoscope files` lists it.
  private static func executablePath(_ bundle: BundleNode) -> String {
    if let file = bundle.files.first(where: { $0.role == .executable }) { return file.path }
    // Xcode names the executable after the bundle folder (`Kit.framework/Kit`).
    let name =
      bundle.info("CFBundleExecutable")
      ?? bundle.name.split(separator: ".").first.map(String.init) ?? bundle.name
    return bundle.path.isEmpty ? name : bundle.path + "/" + name
  }

  private static func applies(
    _ entry: PurposeStringAPIs.Entry, bundle: BundleNode, platforms: [Platform]
  ) -> Bool {
    guard !entry.platforms.isEmpty else { return true }
    if platforms.isEmpty {
      let layoutPlatform: Platform = bundle.layout == .shallow ? .iOS : .macOS
      return entry.platforms.contains(layoutPlatform)
    }
    return platforms.contains { entry.platforms.contains($0) }
  }

  private static func apiUses(
    _ slice: MachOSlice, executable: String, bundle: BundleNode, platforms: [Platform]
  ) -> [PurposeStringUse] {
    var uses: [PurposeStringUse] = []
    for symbol in slice.importedSymbols {
      guard let match = PurposeStringAPIs.match(symbol) else { continue }
      let entry = PurposeStringAPIs.entries[match.entry]
      guard applies(entry, bundle: bundle, platforms: platforms) else { continue }
      let row = PurposeStringEvidence.Row(
        keys: entry.keys, basis: entry.requirement == .required ? .apiReference : .inferred,
        reason: entry.reason, url: entry.url)
      uses.append(
        PurposeStringUse(
          keys: entry.keys, executable: executable, architecture: slice.architecture,
          evidence: symbol, api: match.api, strength: .apiReference,
          sources: slice.imports.sources[symbol]?.names ?? [], row: row))
    }
    // The class object first (it is what Objective-C and Swift code both reference), then by
    // name, so the output does not depend on the order of a set.
    return uses.sorted {
      ($0.evidence.hasPrefix("OBJC_CLASS_$_") ? 0 : 1, $0.evidence)
        < ($1.evidence.hasPrefix("OBJC_CLASS_$_") ? 0 : 1, $1.evidence)
    }
  }

  private static func frameworkUses(
    _ slice: MachOSlice, executable: String
  ) -> [PurposeStringUse] {
    var uses: [PurposeStringUse] = []
    var seen: Set<String> = []
    for library in slice.linkedLibraries {
      guard let framework = library.frameworkName, seen.insert(framework).inserted,
        let row = PurposeStringEvidence.frameworks.first(where: { $0.framework == framework })?.row
      else { continue }
      uses.append(
        PurposeStringUse(
          keys: row.keys, executable: executable, architecture: slice.architecture,
          evidence: library.path, api: framework + ".framework", strength: .linkedFramework,
          sources: [], row: row))
    }
    return uses
  }
}
