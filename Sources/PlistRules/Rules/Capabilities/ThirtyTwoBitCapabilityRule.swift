import PlistBundle
import PlistCore

/// `armv7` or `armv6` required without `arm64`.
struct ThirtyTwoBitCapabilityRule: Rule {
  /// The 32-bit instruction-set capabilities.
  static let thirtyTwoBit: Set<String> = ["armv6", "armv7"]

  static let description = RuleDescription(
    identifier: "thirty_two_bit_capability",
    name: "32-bit Device Capability",
    severity: .note,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "UIRequiredDeviceCapabilities names a 32-bit instruction set (armv7, armv6) "
      + "without arm64",
    rationale: """
      `armv7` and `armv6` ask for a device that runs the 32-bit ARM instruction set; older
      Xcode templates wrote `armv7`. Apple's key page still lists `armv7` as a value (and
      `armv6` only appears in the device table of the "Required Device Capabilities" support
      page), so neither is wrong as such. What Apple asks of 64-bit apps is to include `arm64`
      ("include this key for all 64-bit apps and embedded bundles"). Apple does not say that
      App Store Connect rejects an app without it, so this is a note.
      """,
    appleSource: Capabilities.deviceCapabilities,
    nonTriggering: [
      RuleExample(["UIRequiredDeviceCapabilities": ["arm64"]]),
      RuleExample(["UIRequiredDeviceCapabilities": ["armv7", "arm64"]]),
      RuleExample(["UIRequiredDeviceCapabilities": ["armv7": false]]),
    ],
    triggering: [
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["armv7"]], expect: ["UIRequiredDeviceCapabilities[0]"]),
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["armv6": true, "gamekit": true]],
        expect: ["UIRequiredDeviceCapabilities.armv6"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary else { return [] }
    let required = Capabilities.required(in: info)
    guard !required.contains(where: { $0.name == "arm64" }) else { return [] }
    return required.filter { Self.thirtyTwoBit.contains($0.name) }.map { capability in
      var finding = subject.finding(
        Self.description, at: capability.path,
        "UIRequiredDeviceCapabilities requires \(capability.name), a 32-bit instruction set, "
          + "and not arm64; Apple recommends arm64 for every 64-bit app and embedded bundle")
      // App Store Connect takes only 64-bit apps, so naming arm64 in its place asks for the
      // devices the app already needs. The array form holds names; the dictionary form a
      // Boolean per name, so there the key is renamed.
      if case .index? = capability.path.components.last {
        finding.fix = Fix(
          "require arm64 instead", [.set(capability.path, .string("arm64"))])
      } else {
        finding.fix = Fix("require arm64 instead", [.rename(capability.path, to: "arm64")])
      }
      return finding
    }
  }
}
