import PlistBundle

/// The SDK minimums App Store Connect enforces for uploads, as Apple announced them, with the
/// day each took effect: data, one entry per announcement.
///
/// Sources are Apple's "Upcoming requirements" news pages; the ITMS-90725 messages quoted in
/// public reports name the same dates (`Starting April 29, 2024, all iOS and iPadOS apps must
/// be built with the iOS 17 SDK or later, included in Xcode 15 or later`). macOS is in none of
/// these announcements and has no entry.
enum SDKRequirements {
  /// One requirement: from `since`, uploads for `platform` need an SDK of at least `sdk` and
  /// Xcode `xcode` or later.
  struct Requirement: Sendable, Hashable {
    /// The platform whose apps it covers (iPadOS apps use the iOS SDK: `.iOS`).
    var platform: Platform
    /// The lowest SDK version accepted (`"26.0"`).
    var sdk: String
    /// The lowest Xcode major version accepted, when Apple named one.
    var xcode: Int?
    /// The first day it applies.
    var since: CalendarDay
    /// Apple's page announcing it.
    var url: String
  }

  /// The requirements as a rule describes them: one line per announcement, per platform.
  static var ruleRequirements: [RuleRequirement] {
    var lines: [String: [String]] = [:]
    var order: [String] = []
    for requirement in all {
      let day = requirement.since.description
      if lines[day] == nil { order.append(day) }
      lines[day, default: []].append("\(requirement.platform.rawValue) \(requirement.sdk) SDK")
      if let xcode = requirement.xcode, lines[day]?.contains("Xcode \(xcode)") == false {
        lines[day]?.insert("Xcode \(xcode)", at: 0)
      }
    }
    return order.map {
      RuleRequirement(since: $0, "uploads need " + (lines[$0] ?? []).joined(separator: ", "))
    }
  }

  /// The requirements, oldest first.
  static let all: [Requirement] = {
    var list: [Requirement] = []
    func add(_ since: CalendarDay, xcode: Int?, url: String, _ sdks: [(Platform, String)]) {
      for (platform, sdk) in sdks {
        list.append(
          Requirement(platform: platform, sdk: sdk, xcode: xcode, since: since, url: url))
      }
    }
    add(
      CalendarDay(2023, 4, 25), xcode: 14,
      url: "https://developer.apple.com/news/upcoming-requirements/?id=04252023a",
      [(.iOS, "16.1"), (.watchOS, "9.1")])
    add(
      CalendarDay(2023, 7, 31), xcode: 14,
      url: "https://developer.apple.com/news/upcoming-requirements/?id=07312023a",
      [(.tvOS, "16.1")])
    add(
      CalendarDay(2024, 4, 29), xcode: 15, url: "https://developer.apple.com/news/?id=khzvxn8a",
      [(.iOS, "17.0"), (.tvOS, "17.0"), (.watchOS, "10.0")])
    add(
      CalendarDay(2025, 4, 24), xcode: 16,
      url: "https://developer.apple.com/news/upcoming-requirements/",
      [(.iOS, "18.0"), (.tvOS, "18.0"), (.visionOS, "2.0"), (.watchOS, "11.0")])
    add(
      CalendarDay(2026, 4, 28), xcode: 26,
      url: "https://developer.apple.com/support/upcoming-requirements/requirement-20260428a",
      [(.iOS, "26.0"), (.tvOS, "26.0"), (.visionOS, "26.0"), (.watchOS, "26.0")])
    return list
  }()

  /// The newest requirement for `platform` in force on `day`, and the next one announced
  /// after it (not yet in force), if any.
  static func requirements(
    for platform: Platform, on day: CalendarDay
  ) -> (current: Requirement?, next: Requirement?) {
    let mine = all.filter { $0.platform == platform }
    return (mine.last { $0.since <= day }, mine.first { $0.since > day })
  }

  /// The platform an SDK name stands for (`iphoneos17.2`, `iphonesimulator11.4` → iOS;
  /// `appletvos`, `watchos`, `xros` and their simulators), or nil (macOS, unknown).
  static func platform(ofSDKName name: String) -> Platform? {
    let letters = String(name.lowercased().prefix { $0.isLetter })
    guard letters != "macosx", let platform = Platform(platformName: letters) else { return nil }
    return platform == .macOS ? nil : platform
  }

  /// The version in an SDK name (`iphoneos17.2` → `17.2`), or nil.
  static func version(ofSDKName name: String) -> String? {
    let digits = name.drop { !$0.isNumber }
    return digits.isEmpty ? nil : String(digits)
  }

  /// The Xcode version `DTXcode` encodes (`1520` → 15.2, `0941` → 9.4.1), as major and the
  /// spelled version; nil when it is not four digits.
  static func xcode(_ value: String) -> (major: Int, spelled: String)? {
    guard value.count == 4, value.allSatisfy(\.isNumber), let number = Int(value) else {
      return nil
    }
    let major = number / 100
    let minor = (number / 10) % 10
    let patch = number % 10
    return (major, patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)")
  }
}
