import Testing

@testable import PlistBundle

@Suite struct PlatformTests {
  @Test(arguments: [
    ("iPhoneOS", Platform.iOS), ("iphonesimulator", .iOS), ("MacOSX", .macOS),
    ("AppleTVOS", .tvOS), ("WatchOS", .watchOS), ("XROS", .visionOS),
  ])
  func mapsSDKPlatformNames(name: String, platform: Platform) {
    #expect(Platform(platformName: name) == platform)
  }

  @Test func mapsMachOPlatformNumbers() {
    #expect(Platform(machOPlatform: 1) == .macOS)
    #expect(Platform(machOPlatform: 2) == .iOS)
    #expect(Platform(machOPlatform: 6) == .macCatalyst)
    #expect(Platform(machOPlatform: 11) == .visionOS)
    #expect(Platform(machOPlatform: 5) == nil)
    #expect(Platform(platformName: "DriverKit") == nil)
  }
}
