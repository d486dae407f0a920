import Foundation
import PlistBundle

/// What a rule knows about the circumstances of the file it checks; it decides severities.
package struct LintContext: Sendable, Hashable {
  /// How the app will be distributed, when known (from the provisioning profile, or
  /// `--distribution`).
  package enum Distribution: String, Sendable, Hashable, CaseIterable {
    case appStore = "app-store"
    case developerID = "developer-id"
    case adHoc = "ad-hoc"
    case enterprise
    case development
  }

  /// The platforms the bundle targets (empty when unknown).
  package var platforms: [Platform]
  /// True for a built product (`$(VAR)` placeholders are errors there), false for source.
  package var isBuilt: Bool
  /// The distribution channel, when known.
  package var distribution: Distribution?
  /// The SDK the bundle was built with (`DTSDKName`, such as `iphoneos18.2`), when known.
  package var sdk: String?
  /// The day the lint runs on, for requirements that start on a date.
  ///
  /// The SDK minimum App Store Connect enforces depends on it; nil means today by the clock.
  /// Tests set it.
  package var date: CalendarDay?

  /// Creates a context.
  package init(
    platforms: [Platform] = [], isBuilt: Bool = false, distribution: Distribution? = nil,
    sdk: String? = nil, date: CalendarDay? = nil
  ) {
    self.platforms = platforms
    self.isBuilt = isBuilt
    self.distribution = distribution
    self.sdk = sdk
    self.date = date
  }

  /// The day the lint runs on: `date`, or today (UTC) by the clock.
  package var today: CalendarDay { date ?? CalendarDay(Date()) }

  /// True when the bundle targets `platform` (or the platforms are unknown and `ifUnknown`).
  package func targets(_ platform: Platform, ifUnknown: Bool = false) -> Bool {
    platforms.isEmpty ? ifUnknown : platforms.contains(platform)
  }

  /// The distribution, when it is known and is not the App Store (so App Store Connect's
  /// upload checks do not apply); nil when it is the App Store or unknown.
  package var nonStoreDistribution: Distribution? {
    guard let distribution, distribution != .appStore else { return nil }
    return distribution
  }

  /// True when only macOS is targeted.
  package var isMacOnly: Bool { platforms == [.macOS] }

  /// The major version of the SDK, when `sdk` names one (`iphoneos27.0` → 27).
  package var sdkMajorVersion: Int? {
    guard let sdk else { return nil }
    let digits = sdk.drop { !$0.isNumber }.prefix { $0.isNumber }
    return Int(digits)
  }
}

extension LintContext.Distribution {
  /// The channel with its article, for messages ("an enterprise", "an ad hoc", "a Developer
  /// ID").
  package var withArticle: String {
    switch self {
    case .appStore: "an App Store"
    case .developerID: "a Developer ID"
    case .adHoc: "an ad hoc"
    case .enterprise: "an enterprise"
    case .development: "a development"
    }
  }

  /// The channel in words, for messages ("enterprise", "ad hoc", "Developer ID").
  package var label: String {
    switch self {
    case .appStore: "App Store"
    case .developerID: "Developer ID"
    case .adHoc: "ad hoc"
    case .enterprise: "enterprise"
    case .development: "development"
    }
  }

  /// The channel of a provisioning profile's kind, or nil for `.unknown`.
  package init?(_ kind: ProvisioningProfile.Kind) {
    switch kind {
    case .development: self = .development
    case .adHoc: self = .adHoc
    case .appStore: self = .appStore
    case .enterprise: self = .enterprise
    case .developerID: self = .developerID
    case .unknown: return nil
    }
  }
}

extension CalendarDay {
  /// The day `date` falls on in UTC.
  package init(_ date: Date) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    self.init(parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
  }
}
