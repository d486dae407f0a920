extension CLI {
  /// The short usage of `get`, `set`, `remove` or `rename`, shown after a usage error.
  static func editUsage(for subcommand: Subcommand?) -> String {
    let line: String
    switch subcommand {
    case .get?: line = "get PATH [--file REL] KEYPATH [--format raw|xml|json]"
    case .remove?: line = "remove FILE KEYPATH [--dry-run] [--format xml|binary]"
    case .rename?: line = "rename FILE KEYPATH NEWKEY [--dry-run] [--format xml|binary]"
    default: line = "set FILE KEYPATH VALUE [--type TYPE] [--dry-run] [--format xml|binary]"
    }
    let name = subcommand?.rawValue ?? "set"
    return "USAGE: infoscope \(line)\n\nSee 'infoscope help \(name)'.\n"
  }

  /// The full help of `get`, `set`, `remove` or `rename`.
  static func editHelp(for subcommand: Subcommand?) -> String {
    switch subcommand {
    case .get?:
      """
      USAGE: infoscope get PATH [--file REL] KEYPATH [--format raw|xml|json]

      Prints the value at KEYPATH, for scripts. PATH is a property-list file (- for standard
      input), or a bundle, .ipa, .xcarchive or project, whose main Info.plist is read unless
      --file names another file inside it, as 'infoscope print' does.

      The raw form (the default) follows 'plutil -extract KEYPATH raw': a string as it is, an
      integer or real as a number, a boolean as true or false, a date in RFC 3339 UTC
      (2004-10-26T10:33:33Z), data in base64, a dictionary's keys one per line (in the file's
      order), an array's number of items.

      OPTIONS:
        --format xml    the subtree as an XML property list
        --format json   the subtree as JSON
        --file REL      the file inside a bundle, as 'infoscope files' lists it

      \(keyPathHelp)
      Exit status: 0 printed; 1 nothing at KEYPATH; 64 bad usage; 66 PATH unreadable or not a
      property list.

      """
    case .remove?:
      """
      USAGE: infoscope remove FILE KEYPATH [--dry-run] [--format xml|binary]

      Removes the key or array item at KEYPATH (for a key written twice, the last one, which is
      the one Apple's lookup reads).

      \(writingHelp)
      \(keyPathHelp)
      \(editExitStatus)
      """
    case .rename?:
      """
      USAGE: infoscope rename FILE KEYPATH NEWKEY [--dry-run] [--format xml|binary]

      Renames the key at KEYPATH to NEWKEY (a key, not a key path), keeping its value and its
      place. NEWKEY must not be empty or already in the dictionary.

      \(writingHelp)
      \(keyPathHelp)
      \(editExitStatus)
      """
    default:
      """
      USAGE: infoscope set FILE KEYPATH VALUE [--type TYPE] [--dry-run] [--format xml|binary]

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

      \(writingHelp)
      \(keyPathHelp)
      \(editExitStatus)
      """
    }
  }

  /// How `set`, `remove` and `rename` write, in their help.
  private static let writingHelp = """
    OPTIONS:
      --type TYPE       (set) string, integer, real, boolean, date, data, array or dictionary
      --dry-run         print the unified diff of the change (a/FILE, b/FILE) instead of
                        writing; for a binary file, the diff of its XML form
      --format F        write xml or binary; by default the file keeps its own format (a
                        binary file stays binary, unlike the inspector, which saves XML)

    An XML file keeps its layout: only the lines of the changed node differ. The file is
    written atomically (a temporary file beside it, flushed and renamed over it) with its
    permissions kept, and not at all when it changed on disk since it was read. FILE - reads
    standard input and writes the result to standard output. Old-style ASCII files (.strings,
    project.pbxproj) are read-only; inside a bundle or .ipa, name the file itself. An empty
    FILE counts as an empty dictionary, so 'touch' then 'set' makes a new property list.

    """

  /// The key-path syntax, in the help of the commands that take one.
  private static let keyPathHelp = """
    KEYPATH: keys joined by '.', array items in brackets, keys holding dots or brackets in
    double quotes (in a shell, quote the whole key path):
      CFBundleURLTypes[0].CFBundleURLSchemes[0]
      '"com.apple.security.application-groups"[0]'

    """

  /// The exit statuses of `set`, `remove` and `rename`.
  private static let editExitStatus = """
    Exit status: 0 written (or nothing to change, or the diff printed); 1 nothing at KEYPATH,
    or the value, key or file refused; 64 bad usage; 66 FILE unreadable or not a property
    list; 73 FILE not written (it is left as it was).

    """
}
