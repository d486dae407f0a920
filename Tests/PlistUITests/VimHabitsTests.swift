import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistUI

/// Habits from jless and vim: the `y` family, `zz` `zt` `zb`, `Ctrl-E` `Ctrl-Y` `Ctrl-L`, and a
/// count before `G` or `g`.
@Suite struct VimHabitsTests {
  static let size = Size(width: 120, height: 40)

  func state(_ keys: String = "", size: Size = size) -> AppState {
    var state = AppState(session: UIFixtures.session, size: size)
    for event in VirtualTerminal.keys(keys) { _ = state.handle(event) }
    return state
  }

  func press(_ state: inout AppState, _ keys: String) -> [Effect] {
    VirtualTerminal.keys(keys).flatMap { state.handle($0) }
  }

  /// The selection on `CFBundleSupportedPlatforms[0]`.
  static let onPlatform = "j j J J J J J J J l l"

  @Test func theYFamilyCopiesPathKeyValueAndPlistBuddyPath() {
    var s = state(Self.onPlatform)
    #expect(press(&s, "y") == [])
    #expect(s.message?.text.hasPrefix("y then: ") == true)
    #expect(s.message?.text.contains("p path") == true)
    #expect(press(&s, "p") == [.copy("CFBundleSupportedPlatforms[0]")])
    #expect(press(&s, "y y") == [.copy("CFBundleSupportedPlatforms[0]")])
    #expect(press(&s, "y b") == [.copy(":CFBundleSupportedPlatforms:0")])
    #expect(press(&s, "y v") == [.copy("iPhoneOS")])
    // An array item has no key.
    #expect(press(&s, "y k") == [])
    #expect(s.message?.isError == true)
    _ = press(&s, "h")
    #expect(press(&s, "y k") == [.copy("CFBundleSupportedPlatforms")])
    // A container's value is an XML property list.
    guard case .copy(let xml)? = press(&s, "y v").first else {
      Issue.record("nothing copied: \(String(describing: s.message))")
      return
    }
    #expect(xml.contains("<array>\n\t<string>iPhoneOS</string>\n</array>"))
    // Something else after y does nothing and says so.
    #expect(press(&s, "y q") == [])
    #expect(s.message?.text == "y q does nothing; ? shows the keys")
    // A hostile value is not copied.
    var motto = state("j j")
    while motto.selection.map({ motto.session.keyPath($0).description }) != "LanternMotto" {
      _ = press(&motto, "J")
    }
    #expect(press(&motto, "y v") == [])
    #expect(motto.message?.text.hasPrefix("not copied: ") == true)
  }

  @Test func ycIsAReadyPlutilReplaceCommand() throws {
    let root = TemporaryFolder.uniqueURL("yc").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let app = root + "/It's.app"
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
    let info = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleVersion</key>
      \t<string>4'2</string>
      \t<key>NSAppTransportSecurity</key>
      \t<dict>
      \t\t<key>NSExceptionDomains</key>
      \t\t<dict>
      \t\t\t<key>example.com</key>
      \t\t\t<dict>
      \t\t\t\t<key>NSIncludesSubdomains</key>
      \t\t\t\t<true/>
      \t\t\t</dict>
      \t\t</dict>
      \t</dict>
      </dict>
      </plist>

      """
    try Data(info.utf8).write(to: URL(fileURLWithPath: app + "/Info.plist"))
    var s = AppState(
      session: Session(title: app, bundle: try BundleLoader.load(path: app)), size: Self.size)
    let file = "'" + (app + "/Info.plist").replacingOccurrences(of: "'", with: "'\\''") + "'"
    _ = press(&s, "j j")
    let version = press(&s, "y c")
    #expect(version == [.copy("plutil -replace CFBundleVersion -string '4'\\''2' \(file)")])
    _ = press(&s, "J l l l l l l")
    #expect(
      s.selection.map { s.session.keyPath($0).description }
        == "NSAppTransportSecurity.NSExceptionDomains.\"example.com\".NSIncludesSubdomains")
    #expect(
      press(&s, "y c")
        == [
          .copy(
            "plutil -replace 'NSAppTransportSecurity.NSExceptionDomains.example\\.com."
              + "NSIncludesSubdomains' -bool YES \(file)")
        ])
    _ = press(&s, "h")
    #expect(
      press(&s, "y c")
        == [
          .copy(
            "plutil -replace 'NSAppTransportSecurity.NSExceptionDomains.example\\.com' -xml "
              + "'<dict><key>NSIncludesSubdomains</key><true/></dict>' \(file)")
        ])
    // The toolchain's plutil takes the commands as they are and sets the same values.
    let plutil = "/opt/swift/usr/bin/plutil"
    guard FileManager.default.isExecutableFile(atPath: plutil) else { return }
    for case .copy(let command) in version + press(&s, "y c") {
      let result = try ProcessRunner.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "PATH=/opt/swift/usr/bin:$PATH; " + command])
      #expect(result.status == 0, "\(command): \(result.errorText)")
    }
    let after = try PlistReader.read(
      bytes: Array(Data(contentsOf: URL(fileURLWithPath: app + "/Info.plist"))))
    #expect(after.root == (try PlistReader.read(bytes: Array(info.utf8))).root)
  }

  /// On an array item, `yc` removes and inserts: the toolchain's plutil inserts on `-replace`
  /// at an index (it made `[a, X, b, c]` of `[a, b, c]`).
  @Test func ycOnAnArrayItemReplacesIt() throws {
    var s = state(Self.onPlatform)
    guard case .copy(let command)? = press(&s, "y c").first else {
      Issue.record("nothing copied: \(String(describing: s.message))")
      return
    }
    #expect(command.hasPrefix("plutil -remove CFBundleSupportedPlatforms.0 "))
    #expect(command.contains(" && plutil -insert CFBundleSupportedPlatforms.0 -string iPhoneOS "))
  }

  @Test func escapedPlutilKeyPaths() {
    #expect(KeyPath([.key("a"), .key("b.c"), .index(2)]).plutilEscapedKeyPath == "a.b\\.c.2")
    #expect(KeyPath([.key("a\\.b")]).plutilEscapedKeyPath == nil)
    #expect(KeyPath([.key("a\\"), .key("b")]).plutilEscapedKeyPath == nil)
    #expect(KeyPath([.key("a\\b")]).plutilEscapedKeyPath == "a\\b")
  }

  @Test func zzZtZbPutTheSelectionInTheMiddleAtTheTopOrAtTheBottom() {
    let size = Size(width: 120, height: 20)
    var s = state("E 2 0 j", size: size)
    let selected = s.selection
    let rows = s.treeRows
    _ = press(&s, "z t")
    #expect(s.selection == selected)
    #expect(s.visibleRows.firstIndex { $0 == selected } == AppState.scrollMargin)
    _ = press(&s, "z b")
    #expect(s.visibleRows.firstIndex { $0 == selected } == rows - 1)
    _ = press(&s, "z z")
    #expect(s.visibleRows.firstIndex { $0 == selected } == rows / 2)
    // Z zooms the detail pane now that z starts a sequence.
    _ = press(&s, "Z")
    #expect(s.detailZoomed)
  }

  @Test func ctrlEAndCtrlYScrollTheViewAndKeepTheSelection() {
    let size = Size(width: 120, height: 20)
    var s = state("E 1 0 j", size: size)
    let selected = s.selection
    let top = s.top
    _ = press(&s, "Ctrl-E")
    #expect(s.selection == selected)
    #expect(s.top == s.outline.move(top!, by: 1))
    _ = press(&s, "Ctrl-Y Ctrl-Y")
    #expect(s.top == s.outline.move(top!, by: -1))
    #expect(s.selection == selected)
    // Scrolling the selection off the top brings it along.
    _ = press(&s, "g 5 Ctrl-E")
    #expect(s.selection == s.top)
  }

  @Test func aCountBeforeGGoesToThatRow() {
    var s = state("E")
    let first = s.outline.first!
    _ = press(&s, "1 2 G")
    #expect(s.selection == s.outline.move(first, by: 11))
    #expect(s.message?.text == "row 12")
    _ = press(&s, "3 g")
    #expect(s.selection == s.outline.move(first, by: 2))
    _ = press(&s, "G")
    #expect(s.selection == s.outline.last)
  }

  @Test func ctrlLDrawsTheWholeScreenAgain() {
    let terminal = VirtualTerminal(size: Self.size, events: VirtualTerminal.keys("j Ctrl-L j"))
    Inspector.run(state(), theme: .builtInDefault, on: terminal)
    #expect(terminal.invalidations == 1)
  }
}
