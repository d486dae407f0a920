import Testing

@testable import PlistCLI

@Suite struct ExitStatusTests {
  @Test func followsSysexits() {
    #expect(ExitStatus.usage.rawValue == 64)
    #expect(ExitStatus.noInput.rawValue == 66)
  }
}
