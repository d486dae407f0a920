import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

/// Profiles are built at test time: a property list written by `ProfileFixture`, signed by
/// `TestSigner` with libcrypto (a fresh key and self-signed certificate, `CMS_sign` with the
/// content embedded), and read back by `ProvisioningProfile.parse`.
@Suite struct ProvisioningProfileTests {
  static let janeName = "Apple Development: Jane Appleseed (ABCDE12345)"
  static let elodieName = "Apple Development: Élodie Dupré (FGHIJ67890)"

  /// A profile of `fixture` with two developer certificates, parsed.
  func parse(_ fixture: ProfileFixture) throws -> ProvisioningProfile {
    var fixture = fixture
    let jane = try TestSigner.Identity(
      commonName: Self.janeName, notBefore: "20240421091523Z", notAfter: "20250421091522Z")
    let elodie = try TestSigner.Identity(
      commonName: Self.elodieName, notBefore: "20230102030405Z", notAfter: "20991231235959Z")
    fixture.certificates = try [jane, elodie].map {
      Data(try $0.certificateDER()).base64EncodedString()
    }
    let bytes = try TestSigner.sign(fixture.xml)
    return try ProvisioningProfile.parse(bytes, path: "Payload/App.app/embedded.mobileprovision")
  }

  @Test func readsEveryFactOfADevelopmentProfile() throws {
    let profile = try parse(.development)
    #expect(profile.name == "ProfileExplainer Development")
    #expect(profile.uuid == "0F2A4C6E-1B3D-4F5A-8C7E-9D0B1A2C3E4F")
    #expect(profile.appIDName == "Profile Explainer")
    #expect(profile.teamIdentifiers == ["SKMME9E2Y8"])
    #expect(profile.teamName == "Example Corp")
    #expect(profile.applicationIdentifierPrefixes == ["SKMME9E2Y8"])
    #expect(profile.platformNames == ["iOS", "xrOS", "visionOS"])
    #expect(profile.platforms == [.iOS, .visionOS])
    #expect(!profile.isForMac)
    #expect(
      profile.creationDate
        == PlistDate(year: 2024, month: 5, day: 1, hour: 10, minute: 20, second: 30))
    #expect(
      profile.expirationDate
        == PlistDate(year: 2025, month: 5, day: 1, hour: 10, minute: 20, second: 30))
    #expect(
      profile.provisionedDevices == ["00008030-001544522E60802E", "00008101-000A1B2C3D4E5F60"])
    #expect(profile.provisionedDeviceCount == 2)
    #expect(profile.provisionsAllDevices == false)
    #expect(profile.isXcodeManaged == false)
    #expect(profile.getTaskAllow == true)
    #expect(profile.kind == .development)

    let entitlements = try #require(profile.entitlements?.value.dictionaryValue)
    #expect(
      entitlements.keys == [
        "application-identifier", "keychain-access-groups", "get-task-allow",
        "com.apple.developer.team-identifier",
      ])
    #expect(
      entitlements["application-identifier"]?.value
        == .string("SKMME9E2Y8.com.example.apple-samplecode.ProfileExplainer"))
    // Findings can point into the profile's text: `<dict>` of Entitlements is line 27, column 2.
    #expect(profile.entitlements?.location.line == 27)
    #expect(profile.entitlements?.location.column == 2)
    #expect(profile.document.format == .xml)

    #expect(profile.developerCertificateCount == 2)
    #expect(
      profile.developerCertificates == [
        CertificateSummary(
          commonName: Self.janeName,
          notBefore: PlistDate(year: 2024, month: 4, day: 21, hour: 9, minute: 15, second: 23),
          notAfter: PlistDate(year: 2025, month: 4, day: 21, hour: 9, minute: 15, second: 22)),
        CertificateSummary(
          commonName: Self.elodieName,
          notBefore: PlistDate(year: 2023, month: 1, day: 2, hour: 3, minute: 4, second: 5),
          notAfter: PlistDate(year: 2099, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
      ])

    let signer = CertificateSummary(
      commonName: TestSigner.signerName,
      notBefore: PlistDate(year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0),
      notAfter: PlistDate(year: 2034, month: 1, day: 1, hour: 0, minute: 0, second: 0))
    #expect(profile.signers == [signer])
    #expect(profile.envelopeCertificates == [signer])
  }

  @Test func readsAStreamedBEREnvelope() throws {
    let signer = try TestSigner.Identity(
      commonName: TestSigner.signerName, notBefore: "20240101000000Z",
      notAfter: "20340101000000Z")
    let xml = ProfileFixture.development.xml
    let bytes = try signer.signStreamingBER(Array(xml.utf8))
    #expect(Array(bytes.prefix(2)) == [0x30, 0x80])  // indefinite length, as in the wild
    let profile = try ProvisioningProfile.parse(bytes, path: "embedded.mobileprovision")
    #expect(profile.document.text == Array(xml.utf8))
    #expect(profile.name == "ProfileExplainer Development")
    #expect(profile.kind == .development)
    #expect(profile.signers.map(\.commonName) == [TestSigner.signerName])
  }

  @Test func tellsTheKindsApart() throws {
    let adHoc = try parse(.adHoc)
    #expect(adHoc.kind == .adHoc)
    #expect(adHoc.getTaskAllow == false)
    #expect(adHoc.provisionedDeviceCount == 2)

    let appStore = try parse(.appStore)
    #expect(appStore.kind == .appStore)
    #expect(appStore.provisionedDevices == nil)
    #expect(appStore.provisionedDeviceCount == 0)
    #expect(appStore.provisionsAllDevices == false)

    let enterprise = try parse(.enterprise)
    #expect(enterprise.kind == .enterprise)
    #expect(enterprise.provisionsAllDevices == true)
    #expect(enterprise.provisionedDevices == nil)
  }

  @Test func readsADeveloperIDMacProfile() throws {
    let profile = try parse(.developerID)
    #expect(profile.kind == .developerID)
    #expect(profile.platformNames == ["OSX"])
    #expect(profile.platforms == [.macOS])
    #expect(profile.isForMac)
    #expect(profile.getTaskAllow == nil)
    #expect(
      profile.expirationDate
        == PlistDate(year: 2042, month: 5, day: 1, hour: 10, minute: 20, second: 30))
  }

  @Test func readsMacDevelopmentAndAppStoreProfiles() throws {
    var development = ProfileFixture()
    development.platforms = ["OSX"]
    development.getTaskAllow = ("com.apple.security.get-task-allow", true)
    let mac = try parse(development)
    #expect(mac.kind == .development)
    #expect(mac.getTaskAllow == true)

    // macOS has no ad hoc type: devices without get-task-allow are still development.
    development.getTaskAllow = nil
    #expect(try parse(development).kind == .development)

    var store = ProfileFixture.appStore
    store.platforms = ["OSX"]
    store.getTaskAllow = nil
    #expect(try parse(store).kind == .appStore)
  }

  @Test func leavesContradictoryProfilesUnknown() throws {
    var allAndListed = ProfileFixture.enterprise
    allAndListed.devices = ["00008030-001544522E60802E"]
    #expect(try parse(allAndListed).kind == .unknown)

    var noPlatform = ProfileFixture.enterprise
    noPlatform.platforms = []
    #expect(try parse(noPlatform).kind == .unknown)

    var debuggableStore = ProfileFixture.appStore
    debuggableStore.getTaskAllow = ("get-task-allow", true)
    #expect(try parse(debuggableStore).kind == .unknown)

    var devicesWithoutTaskAllow = ProfileFixture.development
    devicesWithoutTaskAllow.getTaskAllow = nil
    #expect(try parse(devicesWithoutTaskAllow).kind == .unknown)
  }

  @Test func knowsWhenAProfileHasExpired() throws {
    var fixture = ProfileFixture.adHoc
    fixture.expirationDate = "2023-03-14T15:09:26Z"
    let profile = try parse(fixture)
    let expiry = PlistDate(year: 2023, month: 3, day: 14, hour: 15, minute: 9, second: 26)
    #expect(profile.expirationDate == expiry)
    #expect(
      profile.isExpired(at: PlistDate(year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0)))
    #expect(profile.isExpired(at: expiry))
    #expect(
      !profile.isExpired(
        at: PlistDate(secondsSinceReferenceDate: expiry.secondsSinceReferenceDate - 1)))
  }

  @Test func reportsAnUnreadableDeveloperCertificateWithoutFailing() throws {
    var fixture = ProfileFixture.development
    fixture.certificates = [Data([0x30, 0x03, 0x02, 0x01, 0x01]).base64EncodedString()]
    let profile = try ProvisioningProfile.parse(try TestSigner.sign(fixture.xml), path: "p")
    #expect(profile.developerCertificateCount == 1)
    let entry = try #require(profile.developerCertificates.first)
    #expect(entry.commonName == nil)
    #expect(entry.notAfter == nil)
    #expect(entry.problem?.hasPrefix("not a DER certificate (error:") == true)

    let stringEntry = ProfileFixture.development.xml.replacingOccurrences(
      of: "<key>DeveloperCertificates</key>\n\t<array>\n",
      with: "<key>DeveloperCertificates</key>\n\t<array>\n\t\t<string>MIIF</string>\n")
    let other = try ProvisioningProfile.parse(try TestSigner.sign(stringEntry), path: "p")
    #expect(
      other.developerCertificates == [
        CertificateSummary(
          commonName: nil, notBefore: nil, notAfter: nil,
          problem: "a string, expected data holding a DER certificate")
      ])
  }
}
