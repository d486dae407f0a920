import Foundation
import TestSupport
import Testing

@testable import PlistUI

/// Screens from scripted key sequences at 80x24 and 120x40, compared with `Snapshots/<name>.txt`
/// (tig-style); `RECORD_SNAPSHOTS=1 swift test --filter ScreenSnapshotTests` re-records.
@Suite struct ScreenSnapshotTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots").path

  static let small = Size(width: 80, height: 24)
  static let large = Size(width: 120, height: 40)

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var keys: String
    var size: Size
    var roles = false
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "tree-80x24", keys: "", size: small),
    Case(name: "tree-120x40", keys: "", size: large),
    Case(name: "detail-purpose-string-80x24", keys: "f", size: small),
    Case(name: "detail-hostile-string-120x40", keys: "G k k k", size: large),
    Case(name: "findings-80x24", keys: "Tab Tab j", size: small),
    Case(name: "findings-jump-120x40", keys: "Tab Tab j j Enter", size: large),
    Case(name: "search-80x24", keys: "/ O r i e n t Enter", size: small),
    Case(name: "search-prompt-80x24", keys: "/ l a n t", size: small),
    Case(name: "help-80x24", keys: "?", size: small),
    Case(name: "help-120x40", keys: "?", size: large),
    Case(name: "display-names-120x40", keys: "R j j j j j j j j j j j j j", size: large),
    Case(name: "expand-all-120x40", keys: "E", size: large),
    Case(name: "collapse-all-80x24", keys: "C", size: small),
    Case(name: "too-small-39x9", keys: "j", size: Size(width: 39, height: 9)),
    Case(name: "smallest-40x10", keys: "j j", size: Size(width: 40, height: 10)),
    Case(name: "roles-80x24", keys: "j", size: small, roles: true),
  ]

  @Test(arguments: cases)
  func screen(_ c: Case) {
    let (_, canvas) = UIFixtures.run(c.keys, size: c.size)
    let text = c.roles ? canvas.roleMarkedText : canvas.text
    if let problem = Snapshot.check(text, name: c.name, folder: Self.folder) {
      Issue.record(Comment(rawValue: problem))
    }
  }
}
