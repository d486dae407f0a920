import PlistBundle
import PlistCore

/// An embedded provisioning profile whose `ExpirationDate` has passed, or comes within
/// `warningDays` of the lint day.
struct ExpiredProvisioningProfileRule: Rule {
  /// How many days ahead an expiry is reported before it happens.
  static let warningDays = 30

  static let description = RuleDescription(
    identifier: "expired_provisioning_profile",
    name: "Expired Provisioning Profile",
    severity: .error,
    category: .entitlements,
    appliesTo: [.provisioningProfile],
    summary: "The embedded provisioning profile has not expired, and does not expire within "
      + "\(warningDays) days",
    rationale: """
      A provisioning profile carries an `ExpirationDate`; TN3125 describes the profile as what
      authorizes the code to run with its entitlements on a device. A development, ad hoc or
      enterprise build runs only while its profile is valid: devices refuse to launch it once
      the profile has expired (the app closes at launch, as public reports of enterprise apps
      describe; Apple's documentation does not spell out that behaviour), so an expired
      profile is an error there and one that expires within \(warningDays) days of the lint
      day is a warning, since installed copies stop opening on that day. A Developer ID
      profile is judged the same way. An App Store build is re-signed by Apple for
      distribution, so only the upload depends on the profile: Apple does not document what
      App Store Connect does with an expired one, so it is a warning, and an expiry still to
      come says nothing. The day is the lint day in UTC (`LintContext.date` in tests).
      """,
    appleSource: AppleSource(
      title: "TN3125: Inside Code Signing: Provisioning Profiles",
      url: "https://developer.apple.com/documentation/technotes/"
        + "tn3125-inside-code-signing-provisioning-profiles"),
    isUploadCheck: false,
    nonTriggering: [
      example("2027-06-01T00:00:00Z", .adHoc),
      example("2027-01-02T00:00:00Z", .development),
      // An App Store build is re-signed by Apple: a coming expiry does not matter.
      example("2026-12-05T00:00:00Z", .appStore),
      // No expiration date: nothing to judge.
      RuleExample(
        ["Name": "Profile"], role: .provisioningProfile,
        context: LintContext(distribution: .adHoc, date: lintDay)),
    ],
    triggering: [
      example("2026-11-30T12:00:00Z", .adHoc, expect: ["ExpirationDate"], severity: .error),
      example("2016-05-03T08:00:00Z", .enterprise, expect: ["ExpirationDate"], severity: .error),
      example("2026-12-20T00:00:00Z", .development, expect: ["ExpirationDate"], severity: .warning),
      // Expiring on the lint day itself still gives the warning, not the error.
      example("2026-12-02T23:00:00Z", .adHoc, expect: ["ExpirationDate"], severity: .warning),
      example("2026-11-01T00:00:00Z", .appStore, expect: ["ExpirationDate"], severity: .warning),
      example("2026-11-01T00:00:00Z", nil, expect: ["ExpirationDate"], severity: .error),
    ])

  /// The lint day of the examples.
  static let lintDay = CalendarDay(2026, 12, 2)

  /// A profile expiring at `date` (ISO 8601), for `distribution`, linted on `lintDay`.
  static func example(
    _ date: String, _ distribution: LintContext.Distribution?, expect: [String] = [],
    severity: Severity? = nil, line: Int = #line
  ) -> RuleExample {
    RuleExample(
      xml: "<plist><dict><key>Name</key><string>Profile</string>"
        + "<key>ExpirationDate</key><date>\(date)</date></dict></plist>",
      role: .provisioningProfile,
      context: LintContext(distribution: distribution, date: lintDay), expect: expect,
      severity: severity, line: line)
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard case .date(let expiry)? = subject.dictionary?["ExpirationDate"]?.value else {
      return []
    }
    let days = subject.context.today.days(until: expiry)
    let day = String(expiry.iso8601String.prefix(10))
    let path = KeyPath.root.appending(key: "ExpirationDate")
    let channel = subject.context.distribution
    if days < 0 {
      let ago = -days == 1 ? "yesterday" : "\(-days) days ago"
      if channel == .appStore {
        return [
          subject.finding(
            Self.description, at: path,
            "the provisioning profile expired on \(day) (\(ago)); Apple does not document "
              + "whether App Store Connect takes an upload signed with it: sign the build "
              + "with a current profile", severity: .warning)
        ]
      }
      let kind = channel.map { $0.withArticle + " build" } ?? "a build installed with it"
      return [
        subject.finding(
          Self.description, at: path,
          "the provisioning profile expired on \(day) (\(ago)), and devices do not launch "
            + "\(kind) once its profile has expired: renew the profile and sign again")
      ]
    }
    guard channel != .appStore, days < Self.warningDays else { return [] }
    let when = days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
    return [
      subject.finding(
        Self.description, at: path,
        "the provisioning profile expires on \(day) (\(when)); from then on devices do not "
          + "launch the installed app: renew the profile before it expires",
        severity: .warning)
    ]
  }
}
