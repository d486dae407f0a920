import Foundation
import Glibc
import TestSupport
import Testing

@testable import PlistCurses

@Suite struct CursesTerminalTests {
  /// Appends one cell the way ``CursesTerminal/present(_:)`` does and returns the scalars.
  ///
  /// `wcwidth` needs a UTF-8 locale, as ``CursesTerminal`` sets one when it starts.
  private func cell(_ text: String, width: Int) -> [UInt32] {
    CursesTerminal.useUTF8Locale()
    var run: [wchar_t] = []
    CursesTerminal.append(text, width: width, to: &run)
    return run.map { UInt32(bitPattern: $0) }
  }

  @Test func keepsNarrowAndWideCharactersAsTheyAre() {
    #expect(cell("a", width: 1) == [0x61])
    #expect(cell("日", width: 2) == [0x65E5])
  }

  @Test func keepsCombiningMarksWithTheirBase() {
    #expect(cell("e\u{301}", width: 1) == [0x65, 0x301])
  }

  @Test func padsACharacterTheCLibraryDrawsNarrower() {
    // The canvas gave "a" two columns; ncurses would draw one, so a space keeps the row aligned.
    #expect(cell("a", width: 2) == [0x61, 0x20])
  }

  @Test func replacesACharacterTheCLibraryDrawsWider() {
    #expect(cell("日", width: 1) == [0xFFFD])
  }

  @Test func cutsAJoinedSequenceToItsColumns() {
    // Man, zero-width joiner, woman: drawn as one two-column cell, never four columns.
    let scalars = cell("\u{1F468}\u{200D}\u{1F469}", width: 2)
    #expect(scalars.first == 0x1F468)
    #expect(!scalars.contains(0x1F469))
  }
}

/// `v` runs the editor in the terminal's foreground (a tester's vim never showed: Foundation's
/// `Process` gave it a process group of its own, so reading the terminal failed with EIO).
@Suite struct ForegroundProcessTests {
  /// The process group in a `/proc/PID/stat` line (the third field after the command name).
  static func processGroup(ofStatLine line: String) -> Int32? {
    guard let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: close)...].split(separator: " ")
    return fields.count > 2 ? Int32(fields[2]) : nil
  }

  @Test func theChildStaysInThisProcessGroupWithDefaultSignals() throws {
    let folder = try TemporaryFolder("foreground")
    let out = folder.path + "/stat"
    // The shell writes its own stat line and its SIGINT disposition (trap prints nothing for
    // a default one).
    let status = ForegroundProcess.run([
      "sh", "-c", "cat /proc/$$/stat > \"$1\"; trap >> \"$1\"; exit 7", "sh", out,
    ])
    #expect(status == 7)
    let text = try String(contentsOfFile: out, encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first)
    #expect(Self.processGroup(ofStatLine: String(line)) == getpgrp())
    #expect(!text.contains("INT"))
  }

  @Test func aMissingProgramIsNilAndASignalIsReported() {
    #expect(ForegroundProcess.run(["infoscope-no-such-program-\(getpid())"]) == nil)
    #expect(ForegroundProcess.run([]) == nil)
    #expect(ForegroundProcess.run(["sh", "-c", "kill -TERM $$"]) == 128 + SIGTERM)
  }
}
