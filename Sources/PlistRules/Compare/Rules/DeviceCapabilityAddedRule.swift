import PlistBundle
import PlistCore

/// NEW's app requires (or rules out) a device capability OLD did not.
struct DeviceCapabilityAddedRule: ComparisonRule {
  static let description = ComparisonRuleDescription(
    RuleDescription(
      identifier: "device_capability_added",
      name: "Device Capability Added",
      severity: .error,
      category: .comparison,
      appliesTo: [.infoPlist],
      summary: "NEW's UIRequiredDeviceCapabilities requires nothing OLD did not",
      rationale: """
        Apple's "Required Device Capabilities" page says that for app updates you can only
        maintain or relax capability requirements, since new ones can keep people who
        downloaded the app from running the update. App Store Connect refuses such an update
        with ITMS-90109, whose message (as quoted on Apple's forums) says the key may not
        contain values that would prevent the app from running on devices that were supported
        by previous versions.

        A capability is required when the array lists it or the dictionary sets it to true,
        and ruled out when the dictionary sets it to false; either one that OLD's main app did
        not have is reported. Requiring a newer `MinimumOSVersion` is allowed and is not this
        rule's business. Outside the App Store the upload check does not apply: a note.
        """,
      appleSource: AppleSource(
        title: "Required Device Capabilities",
        url: "https://developer.apple.com/support/required-device-capabilities/"),
      itms: "ITMS-90109", nonTriggering: [], triggering: []),
    nonTriggering: [
      ComparisonExample(
        old: .app(["UIRequiredDeviceCapabilities": ["arm64", "metal"]]),
        new: .app(["UIRequiredDeviceCapabilities": ["metal", "arm64"]])),
      // Relaxed: fine.
      ComparisonExample(
        old: .app(["UIRequiredDeviceCapabilities": ["arm64", "nfc"]]),
        new: .app(["UIRequiredDeviceCapabilities": ["arm64"]])),
      // The array and the dictionary forms say the same.
      ComparisonExample(
        old: .app(["UIRequiredDeviceCapabilities": ["arm64"]]),
        new: .app(["UIRequiredDeviceCapabilities": ["arm64": true]])),
      ComparisonExample(
        old: .app(["UIRequiredDeviceCapabilities": ["arm64"]]),
        new: .app(["UIRequiredDeviceCapabilities": ["arm64", "nfc"]]), isMain: false),
    ],
    triggering: [
      ComparisonExample(
        old: .app(["UIRequiredDeviceCapabilities": ["arm64"]]),
        new: .app(["UIRequiredDeviceCapabilities": ["arm64", "nfc"]]),
        expect: ["UIRequiredDeviceCapabilities[1]"], severity: .error),
      ComparisonExample(
        old: .app(["UIRequiredDeviceCapabilities": ["arm64": true]]),
        new: .app(["UIRequiredDeviceCapabilities": ["arm64": true, "telephony": false]]),
        expect: ["UIRequiredDeviceCapabilities.telephony"], severity: .error),
      ComparisonExample(
        old: .app(["CFBundleIdentifier": "com.example.app"]),
        new: .app(["UIRequiredDeviceCapabilities": ["gps"]]),
        context: LintContext(distribution: .adHoc), expect: ["UIRequiredDeviceCapabilities[0]"],
        severity: .note),
    ])

  /// The capabilities a `UIRequiredDeviceCapabilities` value requires (true) or rules out
  /// (false), each with its key path.
  private static func capabilities(
    _ info: PlistDictionary?
  ) -> [(
    name: String, required: Bool, path: KeyPath
  )] {
    let base = KeyPath.root.appending(key: "UIRequiredDeviceCapabilities")
    switch info?["UIRequiredDeviceCapabilities"]?.value {
    case .array(let items):
      return items.enumerated().compactMap { index, item in
        item.value.stringValue.map { ($0, true, base.appending(index: index)) }
      }
    case .dictionary(let dictionary):
      return dictionary.entries.compactMap { entry in
        guard let value = dictionary[entry.key]?.value.boolValue else { return nil }
        return (entry.key, value, base.appending(key: entry.key))
      }
    default:
      return []
    }
  }

  func check(_ subject: ComparisonSubject) -> [Finding] {
    guard subject.isMain, let file = subject.newFile(.infoPlist) else { return [] }
    let before = Set(Self.capabilities(subject.old.infoPlist).map { "\($0.required)|\($0.name)" })
    var seen: Set<String> = []
    var findings: [Finding] = []
    for capability in Self.capabilities(subject.new.infoPlist) {
      let key = "\(capability.required)|\(capability.name)"
      guard !before.contains(key), seen.insert(key).inserted else { continue }
      let what =
        capability.required
        ? "requires \(capability.name), which OLD did not"
        : "rules out devices with \(capability.name), which OLD did not"
      findings.append(
        subject.finding(
          Self.description, in: file, at: capability.path,
          "UIRequiredDeviceCapabilities \(what); an update may only keep or relax the "
            + "requirements, and App Store Connect refuses one that leaves out devices the "
            + "previous version ran on", itms: "ITMS-90109", uploadCheck: true))
    }
    return findings
  }
}
