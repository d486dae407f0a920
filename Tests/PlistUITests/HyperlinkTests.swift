import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistUI

/// Which cells carry a hyperlink: only the Apple pages infoscope produces, each wrapped piece
/// with the same link, never text from a file and never a URL with a control character.
@Suite struct HyperlinkTests {
  static let page =
    "https://developer.apple.com/documentation/bundleresources/information-property-list/"
    + "cfbundlename"

  @Test(arguments: [
    ("https://developer.apple.com/documentation/bundleresources", true),
    ("https://developer.apple.com/", true),
    ("http://developer.apple.com/documentation", false),
    ("https://developer.apple.com.example.net/", false),
    ("https://example.com/documentation", false),
    ("https://developer.apple.com/a\u{1B}]8;;evil\u{1B}\\", false),
    ("https://developer.apple.com/a\u{07}b", false),
    ("https://developer.apple.com/a\nb", false),
    ("https://developer.apple.com/a\u{9B}b", false),
    ("https://developer.apple.com/a b", false),
    ("https://developer.apple.com/café", false),
  ])
  func linksOnlyApplePagesOfPrintableASCII(_ url: String, _ linkable: Bool) {
    #expect(Hyperlink.isLinkable(url) == linkable)
  }

  @Test func everyApplePageInTheCatalogsCanBeALink() {
    let pages =
      RuleCatalog.all.map { $0.description.appleSource.url }
      + ComparisonRuleCatalog.all.map { $0.description.rule.appleSource.url }
      + KnownKeys.all.map(\.url)
    #expect(pages.count > 100)
    #expect(pages.filter { !Hyperlink.isLinkable($0) } == [])
  }

  @Test func givesEveryPieceOfAURLTheSameID() {
    #expect(Hyperlink.id(for: Self.page) == Hyperlink.id(for: Self.page))
    #expect(Hyperlink.id(for: Self.page) != Hyperlink.id(for: Self.page + "x"))
    #expect(Hyperlink.id(for: Self.page).utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
  }

  @Test func canvasLinksTheTextButNeverARefusedURL() {
    var canvas = Canvas(size: Size(width: 20, height: 2))
    canvas.put("abc", x: 1, y: 0, role: .link, link: Self.page)
    canvas.put("abc", x: 1, y: 1, role: .link, link: "https://developer.apple.com/\u{1B}")
    #expect(canvas[x: 0, y: 0].link == nil)
    #expect((1...3).allSatisfy { canvas[x: $0, y: 0].link == Self.page })
    #expect(canvas[x: 4, y: 0].link == nil)
    #expect((0..<20).allSatisfy { canvas[x: $0, y: 1].link == nil })
    #expect(
      canvas.linkRuns() == [
        Hyperlink.Run(x: 1, y: 0, width: 3, target: Self.page, text: "abc", role: .link)
      ])
  }

  @Test func aCutLinkLeavesTheEllipsisUnlinked() {
    var canvas = Canvas(size: Size(width: 10, height: 1))
    canvas.put(Self.page, x: 0, y: 0, role: .link, limit: 10, link: Self.page)
    #expect(canvas.line(0) == "https://d…")
    #expect(canvas.linkRuns().map(\.text) == ["https://d"])
  }

  @Test func everyWrappedPieceCarriesTheLink() {
    let lines = StyledText.wrap(
      [Span("  "), Span(Self.page, .link, link: Self.page)], width: 34, indent: 2)
    #expect(lines.count == 4)
    for line in lines {
      #expect(line.first?.link == nil)  // the indent
      #expect(line.filter { $0.link != nil }.allSatisfy { $0.link == Self.page })
    }
    #expect(lines.flatMap { $0 }.filter { $0.link != nil }.map(\.text).joined() == Self.page)
  }

  @Test func detailPaneLinksTheFindingsApplePageOverItsLines() {
    let terminal = VirtualTerminal(
      size: Size(width: 80, height: 24), events: VirtualTerminal.keys("f"))
    _ = Inspector.run(
      AppState(session: UIFixtures.session, size: terminal.size), theme: .builtInDefault,
      on: terminal)
    let links = terminal.links
    #expect(links.count == 2)
    #expect(Set(links.map(\.target)).count == 1)
    #expect(links.map(\.text).joined() == links.first?.target)
    #expect(links.map(\.y) == [links[0].y, links[0].y + 1])
    #expect(links.allSatisfy { $0.target.hasPrefix(Hyperlink.allowedPrefix) })
  }

  @Test func aURLInTheFileIsNeverALink() throws {
    let url = "https://developer.apple.com/phish"
    let info = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>NSCameraUsageDescription</key>
      \t<string>\(url)</string>
      </dict>
      </plist>
      """
    let app = BundleNode(
      path: "Phish.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "Phish.app/Info.plist", role: .infoPlist, size: info.utf8.count,
          document: UIFixtures.document(info, "Phish.app/Info.plist"))
      ], platforms: [.iOS])
    let bundle = AppBundle(
      inputPath: "Phish.app", inputKind: .bundle, isBuilt: true, bundles: [app])
    let terminal = VirtualTerminal(
      size: Size(width: 200, height: 60), events: VirtualTerminal.keys("j j"))
    _ = Inspector.run(
      AppState(session: Session(title: "Phish.app", bundle: bundle), size: terminal.size),
      theme: .builtInDefault, on: terminal)
    #expect(terminal.screen.text.contains(url))
    #expect(!terminal.links.isEmpty)  // the key catalog's page for NSCameraUsageDescription
    #expect(terminal.links.allSatisfy { $0.target != url && !$0.text.contains("phish") })
  }

  // MARK: Wrapping at separators

  private func wrapped(_ text: String, width: Int, role: ThemeRole = .code) -> [String] {
    StyledText.wrap([Span(text, role)], width: width).map {
      String($0.map(\.text).joined().reversed().drop { $0 == " " }.reversed())
    }
  }

  @Test func keyPathsBreakAfterADotOrBeforeABracket() {
    #expect(
      wrapped(
        "NSAppTransportSecurity.NSExceptionDomains.example\\.com.NSIncludesSubdomains", width: 30)
        == [
          "NSAppTransportSecurity.", "NSExceptionDomains.", "example\\.com.",
          "NSIncludesSubdomains",
        ])
    #expect(
      wrapped("CFBundleURLTypes[0].CFBundleURLSchemes[1]", width: 20)
        == ["CFBundleURLTypes[0].", "CFBundleURLSchemes", "[1]"])
  }

  @Test func aQuotedKeyIsNotBroken() {
    #expect(
      wrapped("NSExceptionDomains.\"example.com\".NSIncludesSubdomains", width: 24)
        == ["NSExceptionDomains.", "\"example.com\".", "NSIncludesSubdomains"])
  }

  @Test func anEscapedDotIsNotABreak() {
    // `example\.com` is one key: the break goes before it, not after its `\.`.
    #expect(wrapped("Domains.example\\.com", width: 16) == ["Domains.", "example\\.com"])
  }

  @Test func placesBreakAfterTheirSeparators() {
    #expect(
      wrapped("Lantern.app/PlugIns/Widgets.appex/Info.plist:12:5", width: 24)
        == ["Lantern.app/PlugIns/", "Widgets.appex/Info.", "plist:12:5"])
  }

  @Test func onlyAPieceLongerThanTheLineBreaksHard() {
    #expect(wrapped("ab/cdefghijklmnop/q", width: 8) == ["ab/", "cdefghij", "klmnop/q"])
  }

  @Test func wordsStillBreakAtSpaces() {
    #expect(
      wrapped("see the page at a.b/c", width: 12, role: .normal) == ["see the", "page at", "a.b/c"])
  }

  @Test func escapesAreNeverSplitAndWideCharactersKeepTheirColumns() {
    let lines = StyledText.wrap([Span("ab/\u{202E}/日本/cd")], width: 12)
    let texts = lines.map { $0.map(\.text).joined() }
    #expect(texts == ["ab/\\u{202E}/", "日本/cd"])
    #expect(lines[0].contains { $0.role == .escape && $0.text == "\\u{202E}" })
  }
}
