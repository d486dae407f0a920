import Testing

@testable import PlistRules

/// The misspelling index behind `near_miss_key`: the bounded distance, vendor prefixes, the
/// replaced-word form, and keys that must never be called typos (issues 11.6, 12.3, 13.3).
@Suite struct NearMissIndexTests {
  /// The banded, early-exit distance equals the full one wherever the full one is within the
  /// limit, and says "beyond" (limit + 1) everywhere else, over 20,000 pairs of short strings.
  @Test func bandedDistanceMatchesTheFullDistance() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return seed
    }
    func word() -> [UInt8] {
      let count = Int(next() % 12)
      return (0..<count).map { _ in UInt8(ascii: "a") + UInt8(next() % 4) }
    }
    var scratch = DistanceScratch(capacity: 4)
    for _ in 0..<20_000 {
      let a = word()
      var b = next() % 2 == 0 ? word() : a
      // Nearby strings too: one or two edits of `a`.
      if b == a, !b.isEmpty {
        b[Int(next() % UInt64(b.count))] = UInt8(ascii: "a") + UInt8(next() % 4)
        if next() % 2 == 0 { b.insert(UInt8(ascii: "c"), at: Int(next() % UInt64(b.count + 1))) }
      }
      let full = KnownKeys.damerauLevenshtein(
        a.map { Character(Unicode.Scalar($0)) }, b.map { Character(Unicode.Scalar($0)) },
        limit: 100)
      let banded = scratch.distance(a, b, limit: 2)
      #expect(banded == min(full, 3), "\(a) \(b)")
    }
  }

  @Test(arguments: [
    ("FBPlatformVersion", 2), ("CFBundleName", 2), ("ITSAppUsesNonExemptEncryption", 3),
    ("com.apple.security.app-sandbox", 9), ("aps-environment", 0), ("UIInterfaceOrientation", 2),
    ("FacebookAppID", 0), ("GADApplicationIdentifier", 3),
  ])
  func readsTheVendorPrefix(key: String, length: Int) {
    #expect(NearMissIndex.vendorPrefix(Array(key.utf8)) == length)
  }

  @Test func splitsKeysIntoWords() {
    #expect(NearMissIndex.wordStarts(Array("CFBundleDisplayName".utf8)) == [0, 2, 8, 15])
    #expect(NearMissIndex.wordStarts(Array("NSAppTransportSecurity".utf8)) == [0, 2, 5, 14])
    #expect(NearMissIndex.wordStarts(Array("aps-environment".utf8)) == [0, 4])
  }

  @Test(arguments: [
    ("UIRequiresFullscreen", "UIRequiresFullScreen"),
    ("CFBundleIdentifer", "CFBundleIdentifier"),
    ("DTPlatfromVersion", "DTPlatformVersion"),
    // More than case and two edits: one word replaced, with a case error in the rest.
    ("CFBundledisplayTitle", "CFBundleDisplayName"),
    ("NSCamerausageText", "NSCameraUsageDescription"),
  ])
  func findsTheKeyMeant(key: String, meant: String) {
    #expect(KnownKeys.nearMiss(for: key)?.key == meant)
  }

  /// Keys of other vendors, legacy Apple keys, and properly cased keys that may be newer or
  /// other SDKs' are never called misspellings.
  @Test(arguments: [
    "FBPlatformVersion", "FBSDKVersion", "FacebookAppID", "FacebookClientToken",
    "FacebookDisplayName", "FacebookAutoLogAppEventsEnabled", "FirebaseAppDelegateProxyEnabled",
    "GADApplicationIdentifier", "GADIsAdManagerApp", "CFBundleSignature", "CFBundleGetInfoString",
    "CFBundleDisplayTitle", "NSFooUsageDescription",
    "MKDirectionsApplicationSupportedModes",
  ])
  func callsNoRealKeyATypo(key: String) {
    #expect(KnownKeys.nearMiss(for: key) == nil)
  }

  @Test func looksWithinTheParentDictionary() {
    #expect(
      KnownKeys.nearMiss(for: "LSTypeIsPackageLSTypeIsPackage", within: "CFBundleDocumentTypes")?
        .key == "LSTypeIsPackage")
    #expect(KnownKeys.nearMiss(for: "LSTypeIsPackageLSTypeIsPackage") == nil)
  }

  @Test func aVendorPrefixKeepsAnEntitlementApart() {
    #expect(KnownKeys.nearMiss(for: "com.example.security.app-sandbox") == nil)
    #expect(
      KnownKeys.nearMiss(for: "com.apple.security.network.clients")?.key
        == "com.apple.security.network.client")
  }
}
