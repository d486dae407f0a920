import PlistBundle
import PlistCore

/// `UIRequiredDeviceCapabilities` items that are not strings (array form) or values that are not
/// Booleans (dictionary form).
struct DeviceCapabilitiesFormRule: Rule {
  static let description = RuleDescription(
    identifier: "device_capabilities_form",
    name: "Device Capabilities Form",
    severity: .error,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "UIRequiredDeviceCapabilities holds an item that is not a string, or a dictionary "
      + "value that is not a Boolean",
    rationale: """
      `UIRequiredDeviceCapabilities` is either an array of capability names (each one required)
      or a dictionary from capability names to Booleans: Apple says that with a dictionary "you
      must specify a Boolean value for each key", `true` meaning the feature is required and
      `false` that it must be absent. A string such as `"YES"` is not a Boolean. The key's own
      type is checked by the generic type rule.
      """,
    appleSource: Capabilities.deviceCapabilities,
    nonTriggering: [
      RuleExample(["UIRequiredDeviceCapabilities": ["arm64", "metal"]]),
      RuleExample(["UIRequiredDeviceCapabilities": ["arm64": true, "telephony": false]]),
      RuleExample(["UIRequiredDeviceCapabilities": "arm64"]),
    ],
    triggering: [
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["arm64": "YES", "nfc": true]],
        expect: ["UIRequiredDeviceCapabilities.arm64"]),
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["arm64", 1]],
        expect: ["UIRequiredDeviceCapabilities[1]"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    let key = "UIRequiredDeviceCapabilities"
    let base = KeyPath.root.appending(key: key)
    switch subject.dictionary?[key]?.value {
    case .array(let items):
      return items.enumerated().compactMap { index, item in
        guard item.value.kind != .string else { return nil }
        return subject.finding(
          Self.description, at: base.appending(index: index),
          "item \(index) of \(key) is \(item.value.kind.article); the array form lists "
            + "capability names as strings")
      }
    case .dictionary(let dictionary):
      return dictionary.entries.compactMap { entry in
        guard entry.node.value.kind != .boolean else { return nil }
        return subject.finding(
          Self.description, at: base.appending(key: entry.key),
          "\(key) gives \(entry.key) \(entry.node.value.kind.article); in the dictionary form "
            + "Apple requires a Boolean for each capability (true: required, false: must be "
            + "absent)")
      }
    default:
      return []
    }
  }
}
