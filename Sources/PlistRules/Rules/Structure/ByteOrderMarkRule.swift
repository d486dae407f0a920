import PlistBundle
import PlistCore

/// A property list (other than a `.strings` file) whose text starts with a byte-order mark.
struct ByteOrderMarkRule: Rule {
  static let description = RuleDescription(
    identifier: "byte_order_mark",
    name: "Byte-Order Mark",
    severity: .note,
    category: .structure,
    appliesTo: [
      .infoPlist, .entitlements, .privacyManifest, .propertyList, .archiveInfo,
    ],
    summary: "The file's text starts with a byte-order mark",
    rationale: """
      XML allows a byte-order mark before the declaration, and Apple's property-list parsers
      (and `plutil`) read such a file, so nothing Apple documents goes wrong. The file still
      differs from what Xcode and `plutil` write (UTF-8 without a mark, as the XML declaration
      says), and tools that read the first bytes (`<?xml` or `bplist`), compare files byte by
      byte or grep them, see the three extra bytes. Apple is silent on byte-order marks in
      property lists, so this is a note that tells you the mark is there. `.strings` files are
      not checked: UTF-16 with a mark is a format Apple's tools write for them. infoscope keeps
      the file's encoding when it saves, so it offers no fix; re-save the file as UTF-8 without
      a mark in your editor.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"
    ),
    nonTriggering: [
      RuleExample(xml: "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist><dict/></plist>")
    ],
    triggering: [
      RuleExample(
        xml: "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist><dict/></plist>",
        expect: [""])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    guard let encoding = subject.encoding, !encoding.byteOrderMark.isEmpty else { return [] }
    let name: String
    switch encoding {
    case .utf8WithBOM: name = "UTF-8 byte-order mark (EF BB BF)"
    case .utf16LittleEndian, .utf16BigEndian: name = "UTF-16 byte-order mark"
    case .utf32LittleEndian, .utf32BigEndian: name = "UTF-32 byte-order mark"
    case .utf8: return []
    }
    var finding = subject.finding(
      Self.description, at: .root,
      "the file starts with a \(name); Apple's parsers read it, but Xcode and plutil write "
        + "property lists without one, and tools that read the first bytes may not")
    finding.noFixReason =
      "the mark is not a key; infoscope keeps the file's encoding when it saves, so re-save "
      + "the file as UTF-8 without a mark in your editor"
    finding.line = 1
    finding.column = 1
    return [finding]
  }
}
