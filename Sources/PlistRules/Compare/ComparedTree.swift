import PlistBundle
import PlistCore

/// The tree a comparison reads for a file: its property list, or for files whose tree would
/// change with every build (offsets, sizes, certificates), the facts a release engineer reads.
///
/// - An executable: `architectures` (its slices' architectures, in order), `minimumOS` and
///   `sdk` (the build versions by platform; `iOS` or, when slices differ, `iOS (arm64)`), and
///   `linkedLibraries` (every slice's load commands' paths, each once, in order).
/// - A provisioning profile: `kind` (development, adHoc, appStore, enterprise, developerID,
///   unknown, as infoscope tells it), `Name`, `TeamIdentifier`, `TeamName`, `Platform`,
///   `ExpirationDate`, `ProvisionsAllDevices`, `provisionedDeviceCount` and `Entitlements`,
///   the profile's own nodes with their locations where it has them.
/// - An icon image: `width`, `height` (pixels), `alpha` and `CgBI`.
/// - Any other file with a property list: that tree (for `Assets.car`, the tree of its assets).
enum ComparedTree {
  /// The tree to compare for `file`, or nil when it has none (it did not read, or it is not
  /// a property list: an icon set's JSON, a launch storyboard).
  static func tree(_ file: BundleFile) -> PlistNode? {
    switch file.role {
    case .executable: return file.document.map { executable($0.root) }
    case .provisioningProfile: return file.document.map { profile($0.root, file.profile) }
    case .iconImage:
      guard let image = file.image else { return nil }
      return dictionary([
        ("width", PlistNode(.integer(PlistInteger(image.width)))),
        ("height", PlistNode(.integer(PlistInteger(image.height)))),
        ("alpha", PlistNode(.boolean(image.hasAlpha))),
        ("CgBI", PlistNode(.boolean(image.isCgBI))),
      ])
    default: return file.document?.root
    }
  }

  /// The facts of an executable, from its read-only tree (`MachOFile.document`).
  static func executable(_ root: PlistNode) -> PlistNode {
    let slices = root.value.dictionaryValue?["slices"]?.value.arrayValue ?? []
    var architectures: [PlistNode] = []
    var minimum: [(key: String, value: String, architecture: String)] = []
    var sdk: [(key: String, value: String, architecture: String)] = []
    var libraries: [PlistNode] = []
    var seenLibraries: Set<String> = []
    for slice in slices {
      guard let fields = slice.value.dictionaryValue else { continue }
      let architecture = fields["architecture"]?.value.stringValue ?? "?"
      architectures.append(PlistNode(.string(architecture)))
      for version in fields["buildVersions"]?.value.arrayValue ?? [] {
        guard let v = version.value.dictionaryValue,
          let platform = v["platform"]?.value.stringValue
        else { continue }
        if let value = v["minimumOS"]?.value.stringValue {
          minimum.append((platform, value, architecture))
        }
        if let value = v["sdk"]?.value.stringValue { sdk.append((platform, value, architecture)) }
      }
      for library in fields["linkedLibraries"]?.value.arrayValue ?? [] {
        guard let path = library.value.dictionaryValue?["path"]?.value.stringValue,
          seenLibraries.insert(path).inserted
        else { continue }
        libraries.append(PlistNode(.string(path)))
      }
    }
    return dictionary([
      ("architectures", PlistNode(.array(architectures))),
      ("minimumOS", byPlatform(minimum)),
      ("sdk", byPlatform(sdk)),
      ("linkedLibraries", PlistNode(.array(libraries))),
    ])
  }

  /// Versions by platform: one entry per platform when every slice agrees, else one per
  /// platform and architecture.
  private static func byPlatform(
    _ versions: [(key: String, value: String, architecture: String)]
  ) -> PlistNode {
    var values: [String: Set<String>] = [:]
    for version in versions { values[version.key, default: []].insert(version.value) }
    var entries: [(String, PlistNode)] = []
    var seen: Set<String> = []
    for version in versions {
      let key =
        (values[version.key]?.count ?? 0) > 1
        ? "\(version.key) (\(version.architecture))" : version.key
      guard seen.insert(key).inserted else { continue }
      entries.append((key, PlistNode(.string(version.value))))
    }
    return dictionary(entries)
  }

  /// The facts of a provisioning profile: its kind, then its own keys that say who may run
  /// what, where and until when.
  static func profile(_ root: PlistNode, _ facts: ProvisioningProfile?) -> PlistNode {
    let fields = root.value.dictionaryValue ?? PlistDictionary()
    var entries: [PlistEntry] = []
    if let facts {
      entries.append(PlistEntry(key: "kind", node: PlistNode(.string(facts.kind.rawValue))))
    }
    for key in [
      "Name", "TeamIdentifier", "TeamName", "Platform", "ExpirationDate", "ProvisionsAllDevices",
    ] {
      guard let index = fields.index(forKey: key) else { continue }
      entries.append(fields.entries[index])
    }
    if let devices = fields["ProvisionedDevices"]?.value.arrayValue {
      entries.append(
        PlistEntry(
          key: "provisionedDeviceCount", node: PlistNode(.integer(PlistInteger(devices.count)))))
    }
    if let index = fields.index(forKey: "Entitlements") { entries.append(fields.entries[index]) }
    return PlistNode(.dictionary(PlistDictionary(entries)), location: root.location)
  }

  private static func dictionary(_ entries: [(String, PlistNode)]) -> PlistNode {
    PlistNode(.dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.0, node: $0.1) })))
  }
}
