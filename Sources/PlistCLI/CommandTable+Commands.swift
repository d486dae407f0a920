import PlistBundle
import PlistRules

extension CommandTable {
  /// `infoscope PATH` and `infoscope --demo`: the inspector.
  static let inspector = CommandSpec(
    "", nil, usage: "PATH [--theme NAME|PATH] | --demo [--theme NAME|PATH]",
    summary: "open the terminal inspector",
    discussion: """
      With no command, PATH (an .app, .ipa, .xcarchive, Xcode project or single file) opens in
      the terminal inspector: every property list as a tree, each finding on its key. When
      standard output is not a terminal (or TERM is dumb), nothing interactive starts: the
      lint report is printed as 'infoscope lint PATH' prints it, with its exit status. The
      inspector opens one PATH at a time.

      """,
    options: [
      OptionSpec(
        ["--demo"],
        help: "open the sample built into infoscope: Trailhead.app,\n"
          + "an iOS app and its widget extension, with faults to find"),
      OptionSpec(
        ["--theme"], value: "NAME|PATH", takesPath: true,
        help: "the inspector's colours: a theme name or a theme file"),
    ])

  /// Every rule's identifier, for `--disable` and `--enable`.
  static let ruleIdentifiers: [String] = RuleCatalog.all.map { rule in
    rule.description.identifier
  }

  /// The formats of `lint --format`.
  static let lintFormats = LintOptions.Format.allCases.map(\.rawValue)

  /// Every command, in the order the general help lists them.
  package static let commands: [CommandSpec] = [
    CommandSpec(
      "lint", .lint, usage: "PATH... [--format text|json|sarif|github] [options]",
      synopsis: "lint PATH...",
      summary: "the findings of every rule (text, json, sarif, github)",
      discussion: """
        Checks every property list in each PATH (an .app, .ipa, .xcarchive, Xcode project or
        single file; - reads one from standard input) against infoscope's rules: what App
        Store Connect, App Review or the system would reject or trip over, each finding on the
        key it concerns with the Apple page that says so. A PATH that cannot be opened is
        reported and the others are still linted.

        """,
      options: [
        OptionSpec(
          ["--format"], value: "F", choices: lintFormats,
          help: "text (file:line:column: severity: message [rule]), json,\n"
            + "sarif (SARIF 2.1.0) or github (workflow annotations)"),
        OptionSpec(
          ["--min-severity"], value: "S", choices: Severity.allCases.map(\.rawValue),
          help: "leave out findings below note, warning or error"),
        OptionSpec(
          ["--disable"], value: "RULE", choices: ruleIdentifiers,
          repeatable: true, help: "turn a rule off (repeatable, or RULE,RULE)"),
        OptionSpec(
          ["--enable"], value: "RULE", choices: ruleIdentifiers,
          repeatable: true, help: "turn a disabled rule back on (repeatable)"),
        OptionSpec(
          ["--baseline"], value: "FILE", takesPath: true,
          help: "record the current findings in FILE when it does not exist;\n"
            + "afterwards report only findings not in it (SARIF: the\n"
            + "others as suppressed results)"),
        OptionSpec(["--strict"], help: "warnings fail too"),
        OptionSpec(
          ["--platform"], value: "P[,P]", choices: Platform.allCases.map(\.rawValue),
          help: "take the input to target these platforms"),
        OptionSpec(
          ["--distribution"], value: "D",
          choices: LintContext.Distribution.allCases.map(\.rawValue),
          help: "app-store, developer-id, ad-hoc, enterprise or development"),
        OptionSpec(
          ["--role"], value: "ROLE", choices: LintOptions.roles.map(LintOptions.roleName),
          help: "lint single files as this role, whatever their name and\n"
            + "content say: infoPlist, entitlements, privacyManifest,\n"
            + "infoPlistStrings or propertyList"),
        OptionSpec(
          ["--color"], value: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
          help: "colour the text report: auto (on a terminal, unless\n"
            + "NO_COLOR is set), always or never"),
        OptionSpec(["--demo"], hidden: true, help: "lint the built-in sample first"),
      ],
      footer: """
        Exit status: 0 nothing at the failing level (errors, or warnings with --strict);
        1 something was found; 64 bad usage; 66 a PATH cannot be opened (the worst status
        wins when there are several PATHs).

        """),
    CommandSpec(
      "diff", .diff, usage: "OLD NEW [--format text|json] [--fail-on new|any|none] [options]",
      synopsis: "diff OLD NEW",
      summary: "what changed between two builds: files, values,\n"
        + "findings, and release checks (text, json)",
      discussion: """
        Compares two builds: OLD (the one that shipped) and NEW (the one to release), each an
        .app, .ipa, .xcarchive, Xcode project or single file, and of different kinds if need
        be (a project against the .ipa built from it; - reads one from standard input).
        Bundles are matched by identifier, then by place, then by kind and name; files by role
        and path; values by key path, so reordered keys and a binary file against its XML twin
        are no change. It prints, file by file, the keys added, removed and changed (typed,
        with both locations), the bundles and files added or removed, the executables'
        architectures, minimum OS, SDK and linked libraries, and the profile's kind, team,
        expiry and entitlements; then the release checks only a comparison can make (a build
        number that did not go up, a version that went down, a changed identifier, a device
        capability or an entitlement added without what it needs), and the findings new in
        NEW, resolved since OLD, and how many are unchanged. Findings are matched by rule, file
        and key path, never by line.

        On a terminal, without --format, it opens the comparison in the inspector instead:
        NEW's tree, read-only, with the changes marked (+ added, ~ changed, - removed, put
        back from OLD), ]c and [c between them, and the findings split into new, unchanged
        and resolved.

        """,
      options: [
        OptionSpec(
          ["--format"], value: "F", choices: DiffOptions.Format.allCases.map(\.rawValue),
          help: "text (grouped by file, like compiler notes) or json"),
        OptionSpec(
          ["--fail-on"], value: "WHICH", choices: ["new", "any", "none"],
          help: "which findings make the exit status 1: any of NEW's (the\n"
            + "default), new ones only (with the release checks), or none"),
        OptionSpec(["--strict"], help: "warnings fail too"),
        OptionSpec(
          ["--platform"], value: "P[,P]", choices: Platform.allCases.map(\.rawValue),
          help: "take both inputs to target these platforms"),
        OptionSpec(
          ["--distribution"], value: "D",
          choices: LintContext.Distribution.allCases.map(\.rawValue),
          help: "app-store, developer-id, ad-hoc, enterprise or development"),
      ],
      footer: """
        Exit status: 0 nothing at the failing level (errors, or warnings with --strict) among
        the findings --fail-on counts; 1 something was; 64 bad usage; 66 OLD or NEW cannot be
        opened; 73 output not written.

        """),
    CommandSpec(
      "rules", .rules, usage: "[--markdown]", synopsis: "rules",
      summary: "list the rules; explain RULE_ID|KEY|ITMS-CODE shows one",
      discussion: """
        Lists every rule: identifier, default severity and what it checks (--markdown: a
        table for documentation).

        """,
      options: [OptionSpec(["--markdown"], help: "a Markdown table, as the README has it")],
      operandsArePaths: false),
    CommandSpec(
      "explain", .explain, usage: "RULE_ID|KEY|ITMS-CODE",
      summary:
        "what a rule checks, what the catalog knows of a key, or\nwhich rules anticipate an App Store Connect error",
      discussion: """
        Shows what a rule checks and the Apple page it rests on, what the catalog knows of a
        key (by raw name or Xcode display name): type, platforms, deprecation, values, or
        which rules anticipate an App Store Connect error (ITMS-90474).

        """,
      footer: "Exit status: 0 shown; 1 no such rule or key; 64 bad usage.\n",
      operandsArePaths: false),
    CommandSpec(
      "files", .files, usage: "PATH [--format text|json]", synopsis: "files PATH",
      summary: "list the bundles and files of an app, ipa, archive or\nproject, with their roles",
      discussion: """
        Lists what infoscope finds in PATH: an .app (or any bundle folder), an .ipa (read in
        memory), an .xcarchive, an Xcode project (an .xcodeproj or the folder holding one), or
        a single file (- for standard input). Each bundle is shown with its kind, identifier,
        version and platforms, each file with its role (Info.plist, entitlements, provisioning
        profile, privacy manifest, ...) and format; files that cannot be read say why. The
        paths shown are what 'infoscope print PATH --file REL' takes.

        """,
      options: [
        OptionSpec(
          ["--format"], value: "F", choices: ["text", "json"],
          help: "text, or json: one JSON document for scripts")
      ],
      footer: "Exit status: 0 listed; 64 bad usage; 66 PATH cannot be opened.\n"),
    CommandSpec(
      "print", .print, usage: "PATH [--file REL] [KEYPATH]", synopsis: "print PATH [KEYPATH]",
      summary: "show a property list as a tree with types, in source\n"
        + "order (--file REL picks a file inside a bundle)",
      discussion: """
        Shows a property list as a tree with the type of every value, in the order of the
        file (duplicate keys included). PATH is a property-list file (or - for standard input;
        its format, XML, binary or old-style ASCII, is read from its bytes), or a bundle, .ipa,
        .xcarchive or project, whose main Info.plist is shown unless --file names another file
        inside it (as 'infoscope files' lists it: a provisioning profile shows the property
        list inside its envelope). Controls, bidirectional controls and invisible characters
        in keys and values are shown as escapes (\\e, \\n, \\u{202E}).

        """,
      options: [
        OptionSpec(
          ["--file"], value: "REL",
          help: "the file inside a bundle, as 'infoscope files' lists it")
      ],
      footer: keyPathHelp
        + """

        Exit status: 0 printed; 1 nothing at KEYPATH; 64 bad usage; 66 FILE unreadable or
        not a property list.

        """),
    CommandSpec(
      "convert", .convert, usage: "FILE --to xml|binary|json [-o OUT | --in-place]",
      synopsis: "convert FILE --to FORMAT",
      summary: "write as xml, binary or json (-o OUT, --in-place)",
      discussion: """
        Writes the property list in FILE (- for standard input) in another format: xml
        (Apple's canonical layout, key order kept), binary (bplist00) or json (for reading;
        dates as ISO 8601 strings, data as base64, UIDs as {"CF$UID": n}).

        """,
      options: [
        OptionSpec(
          ["-t", "--to"], value: "FORMAT", choices: ConvertOptions.Format.allCases.map(\.rawValue),
          help: "xml, binary or json (also xml1, binary1)"),
        OptionSpec(
          ["-o", "--output"], value: "OUT", takesPath: true,
          help: "write to the file OUT (- for standard output, the default)"),
        OptionSpec(["--in-place"], help: "replace FILE itself"),
        OptionSpec(
          ["--force"], help: "replace a read-only output file (mode 0444) instead of\nrefusing it"),
      ],
      footer: """
        Files are written atomically: a temporary file beside the target is flushed and
        renamed over it, keeping its permissions, so a failed write leaves the old file
        whole. FILE is never overwritten without --in-place.

        Binary output is not written to a terminal: give -o OUT. A dictionary with a key
        written twice is converted with both entries and a warning, since readers disagree on
        which one counts.

        Exit status: 0 written; 64 bad usage; 66 FILE unreadable or not a property list;
        73 output not written.

        """),
    CommandSpec(
      "get", .get, usage: "PATH [--file REL] KEYPATH [--format raw|xml|json]",
      synopsis: "get PATH KEYPATH",
      summary: "print one value, for scripts (--format raw|xml|json)",
      discussion: """
        Prints the value at KEYPATH, for scripts. PATH is a property-list file (- for standard
        input), or a bundle, .ipa, .xcarchive or project, whose main Info.plist is read unless
        --file names another file inside it, as 'infoscope print' does.

        The raw form (the default) follows 'plutil -extract KEYPATH raw': a string as it is, an
        integer or real as a number, a boolean as true or false, a date in RFC 3339 UTC
        (2004-10-26T10:33:33Z), data in base64, a dictionary's keys one per line (in the file's
        order), an array's number of items. Into a pipe or a file the bytes are exact; on a
        terminal, controls and invisible characters are shown as escapes.

        """,
      options: [
        OptionSpec(
          ["--format"], value: "F", choices: GetOptions.Format.allCases.map(\.rawValue),
          help: "raw (the default), xml (the subtree as an XML property\n"
            + "list) or json (the subtree as JSON)"),
        OptionSpec(
          ["--file"], value: "REL",
          help: "the file inside a bundle, as 'infoscope files' lists it"),
      ],
      footer: keyPathHelp
        + """

        Exit status: 0 printed; 1 nothing at KEYPATH; 64 bad usage; 66 PATH unreadable or not a
        property list.

        """),
    CommandSpec(
      "set", .set, usage: "FILE KEYPATH VALUE [--type TYPE] [--dry-run] [--format xml|binary]",
      synopsis: "set FILE KEYPATH VALUE",
      summary: "set a value, adding the last key when it is missing\n"
        + "(--type TYPE); the file keeps its format and layout",
      discussion: """
        Sets the value at KEYPATH, adding the last key to its dictionary when it is missing (the
        dictionary itself must exist); an index one past an array's last item appends an item.

        The type of the value: --type when given; else an existing value's own type (a
        dictionary or array is replaced only with --type); else, for a new key, the type Apple
        documents for it (infoscope explain KEY), else a string. VALUE is read as that type:
          integer   42, -7, 0x2A             real     1.5, -2e-3, inf, nan
          boolean   true/false, yes/no, 1/0  date     2024-05-01T12:00:00Z or 2024-05-01
          data      hex digits (de ad be ef), or base64:3q2+7w==
          array, dictionary   no VALUE (or ""): an empty one, whose items are then set by path
        A VALUE starting with - other than a number goes after --.

        """,
      options: [
        OptionSpec(
          ["--type"], value: "TYPE",
          choices: ["string", "integer", "real", "boolean", "date", "data", "array", "dictionary"],
          help: "string, integer, real, boolean, date, data, array or dictionary")
      ] + writingOptions,
      footer: writingHelp + "\n" + keyPathHelp + "\n" + editExitStatus),
    CommandSpec(
      "remove", .remove, usage: "FILE KEYPATH [--dry-run] [--format xml|binary]",
      synopsis: "remove FILE KEYPATH", summary: "remove a key or an array item",
      discussion: """
        Removes the key or array item at KEYPATH (for a key written twice, the last one, which is
        the one Apple's lookup reads).

        """,
      options: writingOptions,
      footer: writingHelp + "\n" + keyPathHelp + "\n" + editExitStatus),
    CommandSpec(
      "rename", .rename, usage: "FILE KEYPATH NEWKEY [--dry-run] [--format xml|binary]",
      synopsis: "rename FILE KEYPATH NEWKEY",
      summary:
        "rename a key (set, remove and rename: --dry-run prints\nthe diff instead of writing)",
      discussion: """
        Renames the key at KEYPATH to NEWKEY (a key, not a key path), keeping its value and its
        place. NEWKEY must not be empty or already in the dictionary.

        """,
      options: writingOptions,
      footer: writingHelp + "\n" + keyPathHelp + "\n" + editExitStatus),
    CommandSpec(
      "completions", .completions, usage: "bash|zsh|fish",
      summary: "a shell completion script, from this command table",
      discussion: """
        Prints the completion script of a shell for every command and option listed here,
        e.g. infoscope completions bash > ~/.local/share/bash-completion/completions/infoscope
        (zsh: a file named _infoscope in a folder of $fpath; fish:
        ~/.config/fish/completions/infoscope.fish).

        """,
      footer: "Exit status: 0 printed; 64 bad usage.\n", operandsArePaths: false),
    CommandSpec(
      "manpage", .manpage, usage: "", synopsis: "manpage",
      summary: "the manual page infoscope(1), in roff",
      discussion: """
        Prints the manual page, made from the same table as this help, e.g.
        infoscope manpage > ~/.local/share/man/man1/infoscope.1 (then 'man infoscope').

        """,
      footer: "Exit status: 0 printed.\n", operandsArePaths: false),
    CommandSpec(
      "help", .help, usage: "[COMMAND]", synopsis: "help [COMMAND]",
      summary: "show help for a command (as COMMAND --help does)",
      discussion: "Shows the help of COMMAND, or this general help.\n",
      operandsArePaths: false),
  ]

  /// The options of `set`, `remove` and `rename` that say how they write.
  static let writingOptions = [
    OptionSpec(
      ["--dry-run"],
      help: "print the unified diff of the change (a/FILE, b/FILE)\n"
        + "instead of writing; for a binary file, the diff of its XML form"),
    OptionSpec(
      ["--force"], help: "replace a read-only file (mode 0444) instead of refusing it"),
    OptionSpec(
      ["--format"], value: "F", choices: ["xml", "binary"],
      help: "write xml or binary; by default the file keeps its own\n"
        + "format (a binary file stays binary, unlike the inspector,\nwhich saves XML)"),
  ]

  /// How `set`, `remove` and `rename` write, in their help.
  static let writingHelp = """
    An XML file keeps its layout: only the lines of the changed node differ. The file is
    written atomically (a temporary file beside it, flushed and renamed over it) with its
    permissions kept, and not at all when it changed on disk since it was read. FILE - reads
    standard input and writes the result to standard output. Old-style ASCII files (.strings,
    project.pbxproj) are read-only; inside a bundle or .ipa, name the file itself. An empty
    FILE counts as an empty dictionary, so 'touch' then 'set' makes a new property list.

    """

  /// The key-path syntax, in the help of the commands that take one.
  static let keyPathHelp = """
    KEYPATH: keys joined by '.', array items in brackets, keys holding dots or brackets in
    double quotes (in a shell, quote the whole key path):
      CFBundleURLTypes[0].CFBundleURLSchemes[0]
      '"com.apple.security.application-groups"[0]'

    """

  /// The exit statuses of `set`, `remove` and `rename`.
  static let editExitStatus = """
    Exit status: 0 written (or nothing to change, or the diff printed); 1 nothing at KEYPATH,
    or the value, key or file refused; 64 bad usage; 66 FILE unreadable or not a property
    list; 73 FILE not written (it is left as it was).

    """
}
