import PlistBundle
import PlistCore
import Testing

@testable import PlistUI

/// A finding with no row to land on.
///
/// An `.ipa` that holds nothing has no rows, yet its problems are findings
/// (`unreadable_input`). The inspector used to stop on an index out of range placing them.
@Suite struct RowlessFindingTests {
  static let bundle = AppBundle(
    inputPath: "Empty.ipa", inputKind: .ipa, isBuilt: true,
    problems: [BundleError(.notFound, "the .ipa holds no Payload/*.app folder", path: "Payload")])

  @Test func anInputWithNoRowsKeepsItsFindingsAndNavigatesThem() {
    let session = Session(title: "Empty.ipa", bundle: Self.bundle)
    #expect(session.findings.map(\.ruleID) == ["unreadable_input"])
    #expect(session.findingItems.count == 1)
    #expect(session.findingItems[0] == nil)
    var state = AppState(session: session, size: Size(width: 120, height: 40))
    for command in [Command.showFindings, .down, .openFinding, .nextFinding, .previousFinding] {
      _ = state.apply(command)
    }
    let screen = ScreenRenderer.render(state).text
    #expect(screen.contains("Findings (1)"))
    #expect(screen.contains("the .ipa holds no Payload/*.app folder"))
  }
}
