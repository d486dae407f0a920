import PlistBundle
import PlistCore

/// `gps` required without `location-services`.
struct GPSWithoutLocationServicesRule: Rule {
  static let description = RuleDescription(
    identifier: "gps_without_location_services",
    name: "GPS Without Location Services",
    severity: .warning,
    category: .capabilities,
    appliesTo: [.infoPlist],
    summary: "UIRequiredDeviceCapabilities requires gps but not location-services",
    rationale: """
      Apple's page for `UIRequiredDeviceCapabilities` says that an app that includes `gps`
      should also include `location-services`: `gps` asks for GPS-level accuracy, and
      `location-services` for location services at all. With the dictionary form, this applies
      when `gps` is `true`.
      """,
    appleSource: Capabilities.deviceCapabilities,
    nonTriggering: [
      RuleExample(["UIRequiredDeviceCapabilities": ["gps", "location-services"]]),
      RuleExample(["UIRequiredDeviceCapabilities": ["gps": false]]),
      RuleExample(["UIRequiredDeviceCapabilities": ["location-services"]]),
    ],
    triggering: [
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["arm64", "gps"]],
        expect: ["UIRequiredDeviceCapabilities[1]"]),
      RuleExample(
        ["UIRequiredDeviceCapabilities": ["gps": true, "location-services": false]],
        expect: ["UIRequiredDeviceCapabilities.gps"]),
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let info = subject.dictionary else { return [] }
    let required = Capabilities.required(in: info)
    guard let gps = required.first(where: { $0.name == "gps" }),
      !required.contains(where: { $0.name == "location-services" })
    else { return [] }
    var fix: Fix?
    let base = KeyPath.root.appending(key: "UIRequiredDeviceCapabilities")
    switch info["UIRequiredDeviceCapabilities"]?.value {
    case .array(let items):
      fix = Fix(
        "add location-services",
        [.set(base, .array(items + [PlistNode(.string("location-services"))]))])
    case .dictionary:
      fix = Fix(
        "require location-services",
        [.set(base.appending(key: "location-services"), .boolean(true))])
    default:
      fix = nil
    }
    return [
      subject.finding(
        Self.description, at: gps.path,
        "UIRequiredDeviceCapabilities requires gps without location-services; Apple says to "
          + "include location-services as well", fix: fix)
    ]
  }
}
