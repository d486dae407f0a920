import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

/// Input that is not a provisioning profile: every case throws a `BundleError` naming the file,
/// and none crashes.
@Suite struct ProvisioningProfileErrorTests {
  static let path = "Payload/App.app/embedded.mobileprovision"

  /// The error `parse` throws for `bytes`.
  func error(_ bytes: [UInt8]) throws -> BundleError {
    do {
      _ = try ProvisioningProfile.parse(bytes, path: Self.path)
    } catch {
      return error
    }
    Issue.record("parse succeeded")
    throw TestSigner.Failure(step: "fail to parse")
  }

  @Test func rejectsAnEmptyFile() throws {
    let e = try error([])
    #expect(
      e
        == BundleError(
          .malformed, "the file is empty; expected a CMS signed envelope", path: Self.path))
  }

  @Test(arguments: [
    ("random bytes", [UInt8]((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })),
    ("XML text", Array(#"<?xml version="1.0"?><plist><dict/></plist>"#.utf8)),
    ("an empty SEQUENCE", [0x30, 0x00]),
    ("a SEQUENCE longer than the file", [0x30, 0x82, 0xFF, 0xFF, 0x06, 0x09]),
  ])
  func rejectsBytesThatAreNotCMS(name: String, bytes: [UInt8]) throws {
    let e = try error(bytes)
    #expect(e.kind == .malformed)
    #expect(e.path == Self.path)
    #expect(e.offset == 0)
    #expect(e.message.hasPrefix("not a CMS signed envelope (error:"))
  }

  @Test func rejectsACertificateThatIsNotAnEnvelope() throws {
    let identity = try TestSigner.Identity(
      commonName: "x", notBefore: "20240101000000Z", notAfter: "20250101000000Z")
    let e = try error(try identity.certificateDER())
    #expect(e.kind == .malformed)
    #expect(e.message.hasPrefix("not a CMS signed envelope (error:"))
  }

  @Test func rejectsTruncatedDER() throws {
    let bytes = try TestSigner.sign(ProfileFixture.development.xml)
    for cut in [1, 2, bytes.count / 2, bytes.count - 1] {
      let e = try error(Array(bytes.prefix(cut)))
      #expect(e.kind == .malformed, "cut at \(cut)")
      #expect(e.message.hasPrefix("not a CMS signed envelope (error:"), "cut at \(cut)")
    }
  }

  @Test func rejectsBytesAfterTheEnvelope() throws {
    let bytes = try TestSigner.sign(ProfileFixture.development.xml)
    let e = try error(bytes + [0x00, 0x00, 0x00])
    #expect(
      e
        == BundleError(
          .malformed, "3 bytes follow the end of the CMS envelope", path: Self.path,
          offset: bytes.count))
  }

  @Test func rejectsAnEnvelopeThatIsNotSignedData() throws {
    let e = try error(try TestSigner.dataEnvelope(Array(ProfileFixture.development.xml.utf8)))
    #expect(
      e
        == BundleError(
          .malformed, "the CMS envelope is pkcs7-data, expected signed data", path: Self.path))
  }

  @Test func rejectsADetachedSignature() throws {
    let e = try error(try TestSigner.detachedSignature(Array(ProfileFixture.development.xml.utf8)))
    #expect(
      e
        == BundleError(
          .malformed, "the CMS envelope carries no content (a detached signature)", path: Self.path)
    )
  }

  @Test func rejectsContentThatIsNotAPropertyList() throws {
    let e = try error(try TestSigner.sign("<plist version=\"1.0\">\n<dict>\n<key>Name</dict>"))
    #expect(e.kind == .plist)
    #expect(e.path == Self.path)
    let underlying = try #require(e.underlying)
    #expect(underlying.kind == .malformed)
    #expect(underlying.file == Self.path)
    #expect(underlying.line == 3)
  }

  @Test func rejectsBinaryContent() throws {
    let e = try error(try TestSigner.sign([0x00, 0xFF, 0xFE, 0x01, 0x80]))
    #expect(e.kind == .plist)
    #expect(e.underlying?.file == Self.path)
  }

  @Test func rejectsContentThatIsNotADictionary() throws {
    let e = try error(try TestSigner.sign(#"<plist version="1.0"><array/></plist>"#))
    #expect(
      e
        == BundleError(
          .malformed, "the profile's content is an array, expected a dictionary", path: Self.path))
  }

  @Test func rejectsAFileOverTheLimit() throws {
    let e = try error([UInt8](repeating: 0x30, count: CMSEnvelope.maxBytes + 1))
    #expect(e.kind == .limitExceeded)
  }

  /// Truncations at every length and a flipped byte at every position of a built profile:
  /// each parse returns or throws (the signature is not checked, so many flips inside the
  /// content still read), and the loop stays within a few seconds.
  @Test func survivesTruncationAndFlippedBytes() throws {
    var fixture = ProfileFixture.development
    fixture.certificates = [
      Data(
        try TestSigner.Identity(
          commonName: "c", notBefore: "20240101000000Z", notAfter: "20250101000000Z"
        ).certificateDER()
      ).base64EncodedString()
    ]
    let bytes = try TestSigner.sign(fixture.xml)
    let clock = ContinuousClock()
    let start = clock.now
    var parsed = 0
    var thrown = 0
    func attempt(_ input: [UInt8]) {
      do {
        _ = try ProvisioningProfile.parse(input, path: Self.path)
        parsed += 1
      } catch {
        #expect(error.path == Self.path)
        thrown += 1
      }
    }
    for length in 0..<bytes.count { attempt(Array(bytes.prefix(length))) }
    for position in bytes.indices {
      var copy = bytes
      copy[position] ^= 0xFF
      attempt(copy)
    }
    #expect(parsed + thrown == 2 * bytes.count)
    #expect(thrown >= bytes.count)  // every truncation throws
    #expect(parsed > 0)  // flips inside string content still read
    #expect(clock.now - start < .seconds(10))
  }
}
