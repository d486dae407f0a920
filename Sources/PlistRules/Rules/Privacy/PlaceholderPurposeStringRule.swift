import PlistBundle
import PlistCore

/// A purpose string that says nothing about why: a known placeholder, the key's own name, its
/// Xcode display name, or punctuation alone.
struct PlaceholderPurposeStringRule: Rule {
  /// Texts that say nothing, compared after `normalized(_:)` (lower case, `$(…)` references,
  /// punctuation and extra spaces removed).
  static let placeholders: Set<String> = [
    "for the app to work", "for the app to function", "access required", "required",
    "permission required", "needs access", "need access", "requires access",
    "app needs access", "this app needs access", "this app requires access",
    "the app needs access", "the app requires access", "we need access", "needs permission",
    "this app needs permission", "usage description", "purpose string", "description",
    "placeholder", "todo", "tbd", "fixme", "test", "testing", "xxx", "n/a", "na", "none",
    "null", "nil", "string", "text", "your description here", "description here",
    "add description", "enter description", "lorem ipsum",
  ]

  /// Words that mark an unfinished text when the value starts with them.
  static let markers = ["todo", "fixme", "tbd", "lorem ipsum"]

  static let description = RuleDescription(
    identifier: "placeholder_purpose_string",
    name: "Placeholder Purpose String",
    severity: .warning,
    category: .privacy,
    appliesTo: [.infoPlist, .infoPlistStrings],
    summary: "A purpose string is a placeholder that does not say why the app needs the access",
    rationale: """
      Apple's fourth check for every purpose string is that it "provides a description that's
      accurate, meaningful, and specific about why the app needs to access the protected
      resource", and App Review Guideline 5.1.1(ii) asks for purpose strings that "clearly and
      completely describe your use of the data". A linter cannot judge meaning; this rule only
      flags texts that are known to say nothing: stock placeholders ("For the app to work",
      "Access required", "TODO", "Lorem ipsum", "$(PRODUCT_NAME) needs access"), the key's own
      name, its Xcode display name, and punctuation alone. The finding says "possibly not
      meaningful": Apple does not publish which texts review turns down.
      """,
    appleSource: PurposeStrings.requestingAccess,
    nonTriggering: [
      RuleExample(["NSCameraUsageDescription": "Scans the QR code on your ticket."]),
      RuleExample(
        ["NSCameraUsageDescription": "$(PRODUCT_NAME) uses the camera to scan QR codes."]),
      RuleExample(["NSCameraUsageDescription": "Access required to scan QR codes."]),
      RuleExample(["NSCameraUsageDescription": ""]),
      RuleExample(["CFBundleDisplayName": "TODO"]),
    ],
    triggering: [
      RuleExample(
        ["NSCameraUsageDescription": "For the app to work."], expect: ["NSCameraUsageDescription"]),
      RuleExample(
        ["NSMicrophoneUsageDescription": "$(PRODUCT_NAME) needs access"],
        expect: ["NSMicrophoneUsageDescription"]),
      RuleExample(
        ["NSContactsUsageDescription": "TODO: explain"], role: .infoPlistStrings,
        expect: ["NSContactsUsageDescription"]),
      RuleExample(
        ["NSPhotoLibraryUsageDescription": "NSPhotoLibraryUsageDescription"],
        expect: ["NSPhotoLibraryUsageDescription"]),
      RuleExample(
        ["NSCameraUsageDescription": "Privacy - Camera Usage Description"],
        expect: ["NSCameraUsageDescription"]),
      RuleExample(["NSMotionUsageDescription": "..."], expect: ["NSMotionUsageDescription"]),
      RuleExample(
        ["NSSiriUsageDescription": "Lorem ipsum dolor sit amet."],
        expect: ["NSSiriUsageDescription"]),
    ])

  /// `text` in lower case with `$(…)`/`${…}` references and punctuation removed and spaces
  /// collapsed.
  static func normalized(_ text: String) -> String {
    normalizedASCII(text) ?? normalizedScalars(text)
  }

  /// `normalized(_:)` worked out scalar by scalar with Unicode's properties (any text).
  static func normalizedScalars(_ text: String) -> String {
    var out = ""
    var scalars = Array(text.lowercased().unicodeScalars)[...]
    while let scalar = scalars.first {
      if scalar == "$", let open = scalars.dropFirst().first, open == "(" || open == "{" {
        let close: Unicode.Scalar = open == "(" ? ")" : "}"
        scalars = scalars.drop { $0 != close }.dropFirst()
        out.append(" ")
        continue
      }
      scalars = scalars.dropFirst()
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "/" {
        out.unicodeScalars.append(scalar)
      } else {
        out.append(" ")
      }
    }
    return out.split(separator: " ").joined(separator: " ")
  }

  /// `normalized(_:)` of ASCII text, worked out byte by byte; nil for other text.
  ///
  /// The same result without a Unicode property lookup per character, which cost half of
  /// lint's time on an Info.plist with many purpose strings (ASCII letters are the alphabetic
  /// scalars, and ASCII digits the numeric ones).
  static func normalizedASCII(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var space = false
    var i = 0
    while i < bytes.count {
      var byte = bytes[i]
      if byte == UInt8(ascii: "$"), i + 1 < bytes.count,
        bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "{")
      {
        let close = bytes[i + 1] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var end = i + 2
        while end < bytes.count, bytes[end] != close { end += 1 }
        i = end + 1
        space = true
        continue
      }
      i += 1
      if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
      let kept =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "/")
      guard kept else {
        space = true
        continue
      }
      if space, !out.isEmpty { out.append(UInt8(ascii: " ")) }
      space = false
      out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Why `text` (the value of `key`) says nothing, or nil when it may.
  static func emptiness(of text: String, key: String) -> String? {
    guard !PurposeStrings.isBlank(text) else { return nil }
    let plain = normalized(text)
    if plain.isEmpty { return "has no words" }
    if plain == normalized(key) { return "repeats the key's name" }
    if let display = KnownKeys.entry(key)?.displayName, plain == normalized(display) {
      return "repeats the key's Xcode display name"
    }
    if plain.hasPrefix("privacy ") && plain.hasSuffix(" usage description") {
      return "repeats the key's Xcode display name"
    }
    if placeholders.contains(plain) { return "is a stock placeholder" }
    if let marker = markers.first(where: { plain == $0 || plain.hasPrefix($0 + " ") }) {
      return "starts with \"\(marker)\", which marks unfinished text"
    }
    return nil
  }

  func check(_ subject: LintSubject) -> [Finding] {
    PurposeStrings.values(in: subject).compactMap { value in
      guard let why = Self.emptiness(of: value.text, key: value.key) else { return nil }
      return subject.finding(
        Self.description, at: value.path,
        "the purpose string for \(value.key) \(why), so it is possibly not meaningful; Apple "
          + "asks for an accurate, specific reason the app needs the access")
    }
  }
}
