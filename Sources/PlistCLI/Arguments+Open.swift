import Foundation

/// What `infoscope PATH` and `infoscope --demo` open, and how.
package struct OpenOptions: Sendable, Equatable {
  /// What to open.
  package enum Source: Sendable, Equatable {
    /// The sample bundle built into the binary (`DemoBundle`).
    case demo
    /// A bundle, `.ipa`, `.xcarchive`, project or file on disk.
    case path(String)
  }

  /// What to open.
  package var source: Source
  /// `--theme NAME|PATH` as given: a theme name or a theme file, resolved by the inspector;
  /// nil for the default.
  package var theme: String? = nil

  /// Creates options.
  package init(source: Source, theme: String? = nil) {
    self.source = source
    self.theme = theme
  }
}

extension Arguments {
  /// `[--theme NAME|PATH] (--demo | PATH)`, options in any order; `--` ends the options.
  static func parseOpen(_ arguments: [String]) throws(UsageError) -> CLICommand {
    var operands: [String] = []
    var demo = false
    var theme: String?
    var optionsEnded = false
    var cursor = ArgumentCursor(arguments)
    while let (argument, name, inline) = cursor.next() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        operands.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        return .help(nil)
      } else if argument == "--demo" {
        demo = true
      } else if name == "--theme" {
        guard theme == nil else { throw UsageError("--theme is given twice") }
        let value = try cursor.value(
          inline, missing: UsageError("--theme needs a theme name or a theme file"))
        guard !value.isEmpty else { throw UsageError("--theme needs a theme name or a theme file") }
        theme = value
      } else {
        throw UsageError("unknown option '\(argument)'")
      }
    }
    if operands.count > 1 {
      // Two words where a command was expected: two paths, or a mistyped command.
      if FileManager.default.fileExists(atPath: operands[0]) {
        throw UsageError(
          "the inspector opens one PATH, and \(operands.count) were given ('\(operands[0])', "
            + "'\(operands[1])'\(operands.count > 2 ? ", …" : "")); 'infoscope lint' takes several")
      }
      throw UsageError("unknown command '\(operands[0])'")
    }
    switch (demo, operands.first) {
    case (true, let path?):
      throw UsageError("--demo opens the built-in sample; give it no PATH ('\(path)')")
    case (true, nil):
      return .open(OpenOptions(source: .demo, theme: theme))
    case (false, let path?):
      return .open(OpenOptions(source: .path(path), theme: theme))
    case (false, nil):
      throw UsageError("nothing to open: give a PATH, --demo or a command")
    }
  }
}
