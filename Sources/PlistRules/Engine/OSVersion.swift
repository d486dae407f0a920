import PlistCore

/// An OS version as Apple writes it (`10.12`, `15.0.1`), compared component by component with
/// missing components counted as 0 (`17` equals `17.0`).
package struct OSVersion: Sendable, Comparable, CustomStringConvertible {
  /// The numbers, most significant first.
  package var components: [Int]

  /// Parses `major[.minor[.patch]]`; nil for anything else (a `$(VAR)` placeholder, text).
  package init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var numbers: [Int] = []
    for part in parts {
      guard let n = Int(part), n >= 0 else { return nil }
      numbers.append(n)
    }
    guard !numbers.isEmpty else { return nil }
    components = numbers
  }

  /// The deployment target an Info.plist states under `key` (`MinimumOSVersion` for iOS and
  /// its family, `LSMinimumSystemVersion` for macOS), or nil when absent or not a version.
  package static func stated(in info: PlistDictionary?, key: String) -> OSVersion? {
    info?[key]?.value.stringValue.flatMap(OSVersion.init)
  }

  package static func < (a: OSVersion, b: OSVersion) -> Bool {
    for i in 0..<max(a.components.count, b.components.count) {
      let x = i < a.components.count ? a.components[i] : 0
      let y = i < b.components.count ? b.components[i] : 0
      if x != y { return x < y }
    }
    return false
  }

  package static func == (a: OSVersion, b: OSVersion) -> Bool { !(a < b) && !(b < a) }

  package var description: String { components.map(String.init).joined(separator: ".") }
}
