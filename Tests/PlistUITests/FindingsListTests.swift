import PlistRules
import Testing

@testable import PlistUI

/// The findings list on its own (issue 14, part 1: one state type per concern): sorting,
/// cursor and scroll, and `f`/`F` in tree order, on Lantern's findings.
@Suite struct FindingsListTests {
  static let session = UIFixtures.session

  func list() -> FindingsList {
    var list = FindingsList()
    list.sort(Self.session)
    return list
  }

  @Test func bySeverityErrorsComeFirstThenByFile() {
    let list = list()
    let findings = Self.session.findings
    #expect(list.sorted.count == findings.count)
    let severities = list.sorted.map { findings[$0].severity }
    #expect(severities == severities.sorted(by: >))
    var byFile = list
    byFile.toggleOrder(Self.session)
    #expect(byFile.order == .file)
    let files = byFile.sorted.map { findings[$0].file }
    #expect(files == files.sorted())
  }

  @Test func toggleKeepsTheCursorOnItsFinding() {
    var list = list()
    list.moveTo(2)
    list.clamp(rows: 5)
    let finding = list.selected
    list.toggleOrder(Self.session)
    #expect(list.selected == finding)
  }

  @Test func clampKeepsTheCursorInTheListAndOnScreen() {
    var list = list()
    list.move(by: 100)
    list.clamp(rows: 3)
    #expect(list.cursor == list.sorted.count - 1)
    #expect(list.top == list.sorted.count - 3)
    list.move(by: -100)
    list.clamp(rows: 3)
    #expect(list.cursor == 0)
    #expect(list.top == 0)
  }

  @Test func stepGoesInTreeOrderAndWraps() throws {
    var list = list()
    let count = list.treeOrder.count
    var seen: [Int] = []
    var selection = Self.session.roots.first
    for _ in 0..<count {
      let next = list.step(
        by: 1, from: selection, opening: Self.session.roots.first, in: Self.session)
      let step = try #require(next)
      seen.append(step.finding)
      selection = Self.session.findingItems[step.finding]
      list.landed(at: step.position, on: selection)
    }
    #expect(seen == list.treeOrder)
    let again = list.step(
      by: 1, from: selection, opening: Self.session.roots.first, in: Self.session)
    let wrap = try #require(again)
    #expect(wrap.wrapped)
    #expect(wrap.finding == list.treeOrder.first)
    #expect(list.selected == wrap.finding)
  }

  @Test func anEmptySessionHasNothingToStepTo() {
    var list = FindingsList()
    let none = list.step(by: 1, from: nil, opening: nil, in: Self.session)
    #expect(none == nil)
    #expect(list.selected == nil)
  }
}
