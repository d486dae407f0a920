import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistUI

/// Column widths follow the rows on screen, and a cut keeps siblings apart; the detail pane
/// wraps URLs and long words at separators.
@Suite struct ColumnsTests {
  static let info = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>org.example.columns</string>
    \t<key>UISupportedInterfaceOrientations</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t\t<string>UIInterfaceOrientationPortraitUpsideDown</string>
    \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
    \t\t<string>UIInterfaceOrientationLandscapeRight</string>
    \t</array>
    \t<key>UISupportedInterfaceOrientations~ipad</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t</array>
    </dict>
    </plist>
    """

  static var session: Session {
    let app = BundleNode(
      path: "Columns.app", kind: .application, layout: .shallow,
      files: [
        BundleFile(
          path: "Columns.app/Info.plist", role: .infoPlist, size: info.utf8.count,
          document: UIFixtures.document(info, "Columns.app/Info.plist"))
      ], platforms: [.iOS])
    return Session(
      title: "Columns.app",
      bundle: AppBundle(
        inputPath: "Columns.app", inputKind: .bundle, isBuilt: false, bundles: [app]))
  }

  /// At 120 columns, the two orientation keys and the four orientation values each read
  /// differently (they used to show `UISupportedInterfaceOrienta…` twice and
  /// `"UIInterfaceOrientation…` four times).
  @Test func siblingsStayDistinguishableWhenCut() {
    let size = Size(width: 120, height: 40)
    var state = AppState(session: Self.session, size: size)
    for event in VirtualTerminal.keys("E") { _ = state.handle(event) }
    let screen = ScreenRenderer.render(state)
    let layout = state.layout
    let tree = (0..<size.height).map { y in
      String(screen.line(y).prefix(layout.tree.width))
    }
    let keys = tree.filter { $0.contains("UISupported") }
    #expect(keys.count == 2)
    #expect(Set(keys.map { $0.trimmingCharacters(in: .whitespaces) }).count == 2)
    #expect(keys.contains { $0.contains("~ipad") })
    let values = tree.filter { $0.contains("\"UIInterf") }
    #expect(values.count == 5)
    let shown = values.map { $0.split(separator: "\"", maxSplits: 1).last.map(String.init) ?? "" }
    // The four values of the first array differ on screen.
    #expect(Set(shown.prefix(4)).count == 4, "\(shown)")
  }

  @Test func theKeyColumnTakesWhatTheValuesLeave() {
    let rows = [
      TreePane.Row(
        label: "UISupportedInterfaceOrientations~ipad", labelRole: .key, type: "Array",
        value: "(4 items)", valueRole: .container)
    ]
    let (label, middle) = TreePane.columns(rows, depths: [2], width: 61, valueFloor: 24)
    // 4 + 2 × 2 + 37 columns: all of it, the short value keeps the rest.
    #expect(label == 45)
    #expect(middle.isEmpty)
    let long =
      rows + [
        TreePane.Row(
          label: "A", labelRole: .key, type: "String",
          value: String(repeating: "v", count: 60), valueRole: .string)
      ]
    let (shared, _) = TreePane.columns(long, depths: [2, 2], width: 61, valueFloor: 24)
    // A long value keeps its floor.
    #expect(shared == 60 - 24)
  }

  @Test func wrapsURLsAndLongWordsAtSeparators() {
    let url = "https://developer.apple.com/documentation/bundleresources/information-property-list"
    let lines = StyledText.wrap([Span(url)], width: 34).map { $0.map(\.text).joined() }
    #expect(lines.first == "https://developer.apple.com/")
    #expect(lines.allSatisfy { $0.hasSuffix("/") || $0.hasSuffix("-") || $0 == lines.last })
    #expect(lines.joined() == url)
    let camel = StyledText.wrap(
      [Span("UIInterfaceOrientationPortrait, UIInterfaceOrientationPortraitUpsideDown")],
      width: 34
    ).map { $0.map(\.text).joined().trimmingCharacters(in: .whitespaces) }
    #expect(
      camel == ["UIInterfaceOrientationPortrait,", "UIInterfaceOrientationPortrait", "UpsideDown"])
  }
}
