/// Shell completion scripts and the man page, made from `CommandTable`, the table the help is
/// made from, so neither can list a command or an option the other does not.
package enum ShellCompletions {
  /// The shells `infoscope completions` writes for.
  package enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
  }

  /// The completion script for `shell`.
  package static func script(_ shell: Shell) -> String {
    switch shell {
    case .bash: bash()
    case .zsh: zsh()
    case .fish: fish()
    }
  }

  private static var commands: [CommandSpec] { CommandTable.commands }
  private static var topLevel: [OptionSpec] {
    CommandTable.inspector.visibleOptions + [CommandTable.versionOption]
  }

  /// Words for a shell list, each quoted with single quotes.
  private static func words(_ items: [String]) -> String {
    items.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
      separator: " ")
  }

  /// The first line of an option's help, without the characters a completion spec treats as
  /// syntax.
  private static func describe(_ text: String) -> String {
    let first = text.split(separator: "\n").first.map(String.init) ?? ""
    return String(first.filter { !"[]:'\"\\`$".contains($0) })
  }

  // MARK: bash

  private static func bash() -> String {
    var out = """
      # bash completion for infoscope, made by 'infoscope completions bash'.
      _infoscope() {
        local cur prev cmd i
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        cmd=""
        for ((i = 1; i < COMP_CWORD; i++)); do
          case "${COMP_WORDS[i]}" in
            \(commands.map(\.name).joined(separator: "|"))) cmd="${COMP_WORDS[i]}"; break ;;
          esac
        done
        case "$cmd" in

      """
    let all = commands + [CommandTable.inspector]
    for command in all {
      let options = command.name.isEmpty ? topLevel : command.visibleOptions
      out += "    \(command.name.isEmpty ? "\"\"" : command.name))\n"
      out += "      case \"$prev\" in\n"
      for option in options where option.value != nil {
        let names = option.names.joined(separator: "|")
        if !option.choices.isEmpty {
          out +=
            "        \(names)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" "
            + "-- \"$cur\")); return ;;\n"
        } else if option.takesPath {
          out += "        \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
        } else {
          out += "        \(names)) COMPREPLY=(); return ;;\n"
        }
      }
      out += "      esac\n"
      let names = options.flatMap(\.names).joined(separator: " ")
      out += "      if [[ \"$cur\" == -* ]]; then\n"
      out += "        COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\"))\n"
      if command.name.isEmpty {
        out += "      else\n"
        out +=
          "        COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" "
          + "-- \"$cur\") $(compgen -f -- \"$cur\"))\n"
      } else if command.subcommand == .help {
        out += "      else\n"
        out +=
          "        COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" "
          + "-- \"$cur\"))\n"
      } else if command.subcommand == .completions {
        out += "      else\n"
        out +=
          "        COMPREPLY=($(compgen -W \"\(Shell.allCases.map(\.rawValue).joined(separator: " "))\" "
          + "-- \"$cur\"))\n"
      } else if command.operandsArePaths {
        out += "      else\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      }
      out += "      fi\n      ;;\n"
    }
    out += """
        esac
      }
      complete -o filenames -o bashdefault -F _infoscope infoscope

      """
    return out
  }

  // MARK: zsh

  private static func zshSpec(_ option: OptionSpec) -> [String] {
    let help = describe(option.help)
    let repeats = option.repeatable ? "*" : ""
    var action = ""
    if let value = option.value {
      let valueName = describe(value)
      if !option.choices.isEmpty {
        action = ":\(valueName):(\(option.choices.joined(separator: " ")))"
      } else if option.takesPath {
        action = ":\(valueName):_files"
      } else {
        action = ":\(valueName): "
      }
    }
    let exclusive = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
    if option.names.count > 1 {
      return ["'\(exclusive){\(option.names.joined(separator: ","))}'\"[\(help)]\(action)\""]
    }
    return option.names.map { "'\(repeats)\($0)'\"[\(help)]\(action)\"" }
  }

  private static func zsh() -> String {
    var out = """
      #compdef infoscope
      # zsh completion for infoscope, made by 'infoscope completions zsh'.

      _infoscope() {
        local -a commands
        commands=(

      """
    for command in commands {
      out += "    \(words([command.name + ":" + describe(command.summary)]))\n"
    }
    out += "  )\n"
    out += "  if (( CURRENT == 2 )); then\n"
    out += "    _arguments \\\n"
    for option in topLevel {
      for spec in zshSpec(option) { out += "      \(spec) \\\n" }
    }
    out += "      '1: :->first'\n"
    out += "    _describe -t commands 'infoscope command' commands\n"
    out += "    _files\n    return\n  fi\n"
    out += "  case $words[2] in\n"
    for command in commands {
      out += "    \(command.name))\n      _arguments \\\n"
      for option in command.visibleOptions {
        for spec in zshSpec(option) { out += "        \(spec) \\\n" }
      }
      switch command.subcommand {
      case .help?:
        out += "        '1:command:(\(commands.map(\.name).joined(separator: " ")))'\n"
      case .completions?:
        out += "        '1:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))'\n"
      default:
        out += command.operandsArePaths ? "        '*:file:_files'\n" : "        '*: : '\n"
      }
      out += "      ;;\n"
    }
    out += "    *)\n      _files\n      ;;\n  esac\n}\n\n_infoscope \"$@\"\n"
    return out
  }

  // MARK: fish

  private static func fishLine(_ option: OptionSpec, condition: String) -> String {
    var line = "complete -c infoscope -n '\(condition)'"
    for name in option.names {
      if name.hasPrefix("--") {
        line += " -l " + name.dropFirst(2)
      } else {
        line += " -s " + name.dropFirst(1)
      }
    }
    if option.value != nil {
      if !option.choices.isEmpty {
        line += " -x -a " + words([option.choices.joined(separator: " ")])
      } else if option.takesPath {
        line += " -r -F"
      } else {
        line += " -x"
      }
    }
    return line + " -d " + words([describe(option.help)]) + "\n"
  }

  private static func fish() -> String {
    let names = commands.map(\.name).joined(separator: " ")
    var out = """
      # fish completion for infoscope, made by 'infoscope completions fish'.
      complete -c infoscope -f

      """
    let top = "not __fish_seen_subcommand_from \(names)"
    for command in commands {
      out +=
        "complete -c infoscope -n '\(top)' -a \(command.name) -d "
        + words([describe(command.summary)]) + "\n"
    }
    out += "complete -c infoscope -n '\(top)' -F\n"
    for option in topLevel { out += fishLine(option, condition: top) }
    for command in commands {
      let condition = "__fish_seen_subcommand_from \(command.name)"
      for option in command.visibleOptions { out += fishLine(option, condition: condition) }
      switch command.subcommand {
      case .help?:
        out += "complete -c infoscope -n '\(condition)' -a " + words([names]) + "\n"
      case .completions?:
        out +=
          "complete -c infoscope -n '\(condition)' -a "
          + words([Shell.allCases.map(\.rawValue).joined(separator: " ")]) + "\n"
      default:
        if command.operandsArePaths { out += "complete -c infoscope -n '\(condition)' -F\n" }
      }
    }
    return out
  }

  // MARK: man page

  /// `text` for roff: backslashes doubled as `\e`, a leading `.` or `'` guarded, `-` as `\-`.
  private static func roff(_ text: String) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var escaped = line.replacingOccurrences(of: "\\", with: "\\e")
        .replacingOccurrences(of: "-", with: "\\-")
      if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
      lines.append(escaped)
    }
    return lines.joined(separator: "\n")
  }

  /// Paragraphs of help text as roff: blank lines as `.PP`, indented lines kept as they are.
  private static func roffParagraphs(_ text: String) -> String {
    var out = ""
    var preformatted = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty {
        if preformatted {
          out += ".fi\n"
          preformatted = false
        }
        out += ".PP\n"
      } else if line.hasPrefix("  ") {
        if !preformatted {
          out += ".nf\n"
          preformatted = true
        }
        out += roff(String(line)) + "\n"
      } else {
        if preformatted {
          out += ".fi\n"
          preformatted = false
        }
        out += roff(String(line)) + "\n"
      }
    }
    if preformatted { out += ".fi\n" }
    return out
  }

  private static func roffOptions(_ options: [OptionSpec]) -> String {
    var out = ""
    for option in options {
      out += ".TP\n.B " + roff(option.label) + "\n"
      out += roff(option.help.replacingOccurrences(of: "\n", with: " ")) + "\n"
    }
    return out
  }

  /// The man page `infoscope(1)` in roff (the `man` macros).
  package static func manPage() -> String {
    var out = """
      .\\" infoscope(1), made by 'infoscope manpage' from the command table of its help.
      .TH INFOSCOPE 1 "" "infoscope \(CLI.version)" "User Commands"
      .SH NAME
      infoscope \\- inspect, lint, print, edit and convert the property lists of Apple app bundles
      .SH SYNOPSIS

      """
    out += ".B infoscope\n" + roff(CommandTable.inspector.usage) + "\n.br\n"
    for command in commands {
      out += ".B infoscope \(command.name)\n"
      if !command.usage.isEmpty { out += roff(command.usage) + "\n" }
      out += ".br\n"
    }
    out += ".SH DESCRIPTION\n" + roffParagraphs(CommandTable.inspector.discussion)
    out += ".SH OPTIONS\n" + roffOptions(topLevel)
    out += ".SH COMMANDS\n"
    for command in commands {
      out += ".SS \"" + roff(command.name + " " + command.usage) + "\"\n"
      out += roffParagraphs(command.discussion)
      out += ".PP\nOptions:\n.RS\n" + roffOptions(command.visibleOptions) + ".RE\n"
      if !command.footer.isEmpty { out += ".PP\n" + roffParagraphs(command.footer) }
    }
    out +=
      ".SH EXIT STATUS\n"
      + roffParagraphs(
        CommandTable.exitStatus.split(separator: "\n").dropFirst().map { $0.trimmingPrefixSpaces() }
          .joined(separator: "\n"))
    out += """
      .SH ENVIRONMENT
      .TP
      .B INFOSCOPE_HYPERLINKS
      1 makes the Apple pages in the inspector's detail pane OSC 8 hyperlinks, 0 never does;
      unset, they are links where TERM, TERM_PROGRAM, VTE_VERSION, WT_SESSION, KITTY_WINDOW_ID,
      COLORTERM or tmux 3.4 and later say the terminal shows them, never for TERM=linux or in
      GNU screen.
      .TP
      .B NO_COLOR
      When set and not empty, lint's text report has no colour unless \\-\\-color always is given,
      and the inspector uses its monochrome theme.
      .TP
      .B TERM
      A value of dumb counts as no terminal: no inspector starts, and nothing is coloured.
      .TP
      .B XDG_CONFIG_HOME, XDG_STATE_HOME, HOME
      Where the inspector looks for themes and keeps the recovery files of unsaved edits.
      .SH SEE ALSO
      .BR plutil (1)

      """
    return out
  }
}

extension Substring {
  /// The text without leading spaces.
  fileprivate func trimmingPrefixSpaces() -> String {
    String(drop { $0 == " " })
  }
}
