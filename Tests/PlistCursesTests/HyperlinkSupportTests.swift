import Testing

@testable import PlistCurses

/// When OSC 8 links are sent: the environment table, the override, tmux and screen.
@Suite struct HyperlinkSupportTests {
  struct Case: Sendable, CustomStringConvertible {
    var environment: [String: String]
    var enabled: Bool
    var description: String {
      environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: " ")
    }
  }

  static let cases: [Case] = [
    // Known terminals by TERM, TERM_PROGRAM and their own variables.
    Case(environment: ["TERM": "xterm-kitty"], enabled: true),
    Case(environment: ["TERM": "xterm-ghostty"], enabled: true),
    Case(environment: ["TERM": "wezterm"], enabled: true),
    Case(environment: ["TERM": "foot"], enabled: true),
    Case(environment: ["TERM": "alacritty"], enabled: true),
    Case(
      environment: [
        "TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app",
        "TERM_PROGRAM_VERSION": "3.5.0",
      ], enabled: true),
    Case(
      environment: [
        "TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app",
        "TERM_PROGRAM_VERSION": "3.0.15",
      ], enabled: false),
    Case(
      environment: [
        "TERM": "xterm-256color", "TERM_PROGRAM": "vscode",
        "TERM_PROGRAM_VERSION": "1.95.3",
      ], enabled: true),
    Case(
      environment: [
        "TERM": "xterm-256color", "TERM_PROGRAM": "vscode",
        "TERM_PROGRAM_VERSION": "1.71.0",
      ], enabled: false),
    Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], enabled: true),
    Case(environment: ["TERM": "xterm-256color", "VTE_VERSION": "7600"], enabled: true),
    Case(environment: ["TERM": "xterm-256color", "VTE_VERSION": "5000"], enabled: false),
    Case(environment: ["TERM": "xterm-256color", "WT_SESSION": "f00"], enabled: true),
    Case(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], enabled: true),
    Case(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], enabled: true),
    // Nothing says so: off.
    Case(environment: ["TERM": "xterm-256color"], enabled: false),
    Case(environment: ["TERM": "xterm-256color", "COLORTERM": "1"], enabled: false),
    Case(
      environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], enabled: false),
    // Never: no TERM, dumb, the Linux console, even with a hint.
    Case(environment: [:], enabled: false),
    Case(environment: ["TERM": "dumb", "COLORTERM": "truecolor"], enabled: false),
    Case(environment: ["TERM": "linux", "COLORTERM": "truecolor"], enabled: false),
    // GNU screen drops them, whatever terminal is outside.
    Case(environment: ["TERM": "screen-256color", "KITTY_WINDOW_ID": "1"], enabled: false),
    Case(
      environment: ["TERM": "xterm-256color", "STY": "1.pts", "WT_SESSION": "x"], enabled: false),
    // tmux passes them on from 3.4; before, the outer terminal's variables do not count.
    Case(
      environment: [
        "TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "TERM_PROGRAM": "tmux",
        "TERM_PROGRAM_VERSION": "3.4",
      ], enabled: true),
    Case(
      environment: [
        "TERM": "screen-256color", "TMUX": "/tmp/t,1,0", "TERM_PROGRAM": "tmux",
        "TERM_PROGRAM_VERSION": "next-3.5",
      ], enabled: true),
    Case(
      environment: [
        "TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "TERM_PROGRAM": "tmux",
        "TERM_PROGRAM_VERSION": "3.3a", "KITTY_WINDOW_ID": "1",
      ], enabled: false),
    Case(
      environment: ["TERM": "screen", "TMUX": "/tmp/t,1,0", "COLORTERM": "truecolor"],
      enabled: false),
    // The override wins either way.
    Case(environment: ["TERM": "xterm-256color", "INFOSCOPE_HYPERLINKS": "1"], enabled: true),
    Case(environment: ["TERM": "linux", "INFOSCOPE_HYPERLINKS": "yes"], enabled: true),
    Case(environment: ["TERM": "xterm-kitty", "INFOSCOPE_HYPERLINKS": "0"], enabled: false),
    Case(
      environment: ["TERM": "xterm-kitty", "INFOSCOPE_HYPERLINKS": "maybe"], enabled: true),
  ]

  @Test(arguments: cases)
  func decidesFromTheEnvironment(_ c: Case) {
    #expect(HyperlinkSupport.isEnabled(environment: c.environment) == c.enabled)
  }

  @Test func comparesDottedVersions() {
    #expect(HyperlinkSupport.version("3.4", atLeast: [3, 4]))
    #expect(HyperlinkSupport.version("3.10", atLeast: [3, 4]))
    #expect(!HyperlinkSupport.version("3.3a", atLeast: [3, 4]))
    #expect(HyperlinkSupport.version("4.0", atLeast: [3, 4]))
    #expect(!HyperlinkSupport.version("", atLeast: [1]))
    #expect(HyperlinkSupport.version("", atLeast: []))
  }
}
