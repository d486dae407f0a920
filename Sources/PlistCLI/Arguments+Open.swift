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
  /// `[--theme NAME|PATH] (--demo | PATH)`, options in any order.
  static func parseOpen(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    let operands = line.operands
    let demo = line.has(.demo)
    let theme = line.value(.theme)
    if theme?.isEmpty == true, let missing = OptionSpec.theme.missing { throw line.error(missing) }
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
