import Foundation

/// The property list of a test provisioning profile, written as XML the way the developer
/// website lays it out (keys in its order), with the parts that tell the kinds apart as options.
package struct ProfileFixture {
  package var name = "ProfileExplainer Development"
  package var platforms = ["iOS", "xrOS", "visionOS"]
  package var devices: [String]? = ["00008030-001544522E60802E", "00008101-000A1B2C3D4E5F60"]
  package var provisionsAllDevices = false
  /// The `get-task-allow` entitlement's key and value; nil leaves it out.
  package var getTaskAllow: (key: String, value: Bool)? = ("get-task-allow", true)
  package var creationDate = "2024-05-01T10:20:30Z"
  package var expirationDate = "2025-05-01T10:20:30Z"
  package var isXcodeManaged = false
  /// Each `DeveloperCertificates` entry, base64 DER.
  package var certificates: [String] = []

  /// A development profile for two devices (the defaults above).
  package init() {}

  /// The XML text.
  package var xml: String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "#
        + #""http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
      #"<plist version="1.0">"#, "<dict>",
      "\t<key>AppIDName</key>", "\t<string>Profile Explainer</string>",
      "\t<key>ApplicationIdentifierPrefix</key>", "\t<array>",
      "\t<string>SKMME9E2Y8</string>", "\t</array>",
      "\t<key>CreationDate</key>", "\t<date>\(creationDate)</date>",
      "\t<key>Platform</key>", "\t<array>",
    ]
    lines += platforms.map { "\t\t<string>\($0)</string>" }
    lines += [
      "\t</array>", "\t<key>IsXcodeManaged</key>", isXcodeManaged ? "\t<true/>" : "\t<false/>",
    ]
    lines += ["\t<key>DeveloperCertificates</key>", "\t<array>"]
    lines += certificates.map { "\t\t<data>\($0)</data>" }
    lines += ["\t</array>", "\t<key>Entitlements</key>", "\t<dict>"]
    lines += [
      "\t\t<key>application-identifier</key>",
      "\t\t<string>SKMME9E2Y8.com.example.apple-samplecode.ProfileExplainer</string>",
      "\t\t<key>keychain-access-groups</key>", "\t\t<array>",
      "\t\t\t<string>SKMME9E2Y8.*</string>", "\t\t</array>",
    ]
    if let getTaskAllow {
      lines += [
        "\t\t<key>\(getTaskAllow.key)</key>", getTaskAllow.value ? "\t\t<true/>" : "\t\t<false/>",
      ]
    }
    lines += [
      "\t\t<key>com.apple.developer.team-identifier</key>", "\t\t<string>SKMME9E2Y8</string>",
      "\t</dict>",
      "\t<key>ExpirationDate</key>", "\t<date>\(expirationDate)</date>",
      "\t<key>Name</key>", "\t<string>\(name)</string>",
    ]
    if let devices {
      lines += ["\t<key>ProvisionedDevices</key>", "\t<array>"]
      lines += devices.map { "\t\t<string>\($0)</string>" }
      lines += ["\t</array>"]
    }
    if provisionsAllDevices {
      lines += ["\t<key>ProvisionsAllDevices</key>", "\t<true/>"]
    }
    lines += [
      "\t<key>TeamIdentifier</key>", "\t<array>", "\t\t<string>SKMME9E2Y8</string>", "\t</array>",
      "\t<key>TeamName</key>", "\t<string>Example Corp</string>",
      "\t<key>TimeToLive</key>", "\t<integer>365</integer>",
      "\t<key>UUID</key>", "\t<string>0F2A4C6E-1B3D-4F5A-8C7E-9D0B1A2C3E4F</string>",
      "\t<key>Version</key>", "\t<integer>1</integer>",
      "</dict>", "</plist>", "",
    ]
    return lines.joined(separator: "\n")
  }

  /// A development iOS profile: two devices, `get-task-allow` true.
  package static let development = ProfileFixture()

  /// An ad hoc iOS profile: devices, `get-task-allow` false.
  package static var adHoc: ProfileFixture {
    var fixture = ProfileFixture()
    fixture.name = "ProfileExplainer Ad Hoc"
    fixture.getTaskAllow = ("get-task-allow", false)
    return fixture
  }

  /// An App Store iOS profile: no devices, `get-task-allow` false.
  package static var appStore: ProfileFixture {
    var fixture = ProfileFixture()
    fixture.name = "ProfileExplainer App Store"
    fixture.devices = nil
    fixture.getTaskAllow = ("get-task-allow", false)
    return fixture
  }

  /// An In-House (enterprise) iOS profile: `ProvisionsAllDevices`, `get-task-allow` false.
  package static var enterprise: ProfileFixture {
    var fixture = ProfileFixture()
    fixture.name = "ProfileExplainer In House"
    fixture.devices = nil
    fixture.provisionsAllDevices = true
    fixture.getTaskAllow = ("get-task-allow", false)
    return fixture
  }

  /// A Developer ID macOS profile: `ProvisionsAllDevices`, platform `OSX`, expiring in 2042.
  package static var developerID: ProfileFixture {
    var fixture = ProfileFixture()
    fixture.name = "ProfileExplainer Developer ID"
    fixture.platforms = ["OSX"]
    fixture.devices = nil
    fixture.provisionsAllDevices = true
    fixture.getTaskAllow = nil
    fixture.expirationDate = "2042-05-01T10:20:30Z"
    return fixture
  }
}
