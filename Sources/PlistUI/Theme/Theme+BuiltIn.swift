extension Theme {
  /// The default theme, compiled in so the binary needs no files.
  ///
  /// `Themes/default.theme` holds
  /// the same styles, and a test keeps the two equal. It uses the 8 basic colours only.
  package static let builtInDefault = Theme(
    name: "default", minimumColors: 8,
    styles: [
      .normal: TextStyle(),
      .title: TextStyle(.index(7), .index(4), .bold),
      .titleError: TextStyle(.index(1), .index(7), .bold),
      .titleWarning: TextStyle(.index(3), .index(4), .bold),
      .titleNote: TextStyle(.index(7), .index(4), .bold),
      .status: TextStyle(.index(0), .index(7)),
      .statusKey: TextStyle(.index(4), .index(7), .bold),
      .statusMessage: TextStyle(.index(0), .index(7), .bold),
      .statusError: TextStyle(.index(1), .index(7), .bold),
      .border: TextStyle(.default, .default, .dim),
      .paneTitle: TextStyle(.default, .default, .bold),
      .paneTitleFocused: TextStyle(.index(6), .default, .bold),
      .key: TextStyle(.index(6)),
      .displayName: TextStyle(.index(6), .default, .italic),
      .index: TextStyle(.default, .default, .dim),
      .type: TextStyle(.default, .default, .dim),
      .string: TextStyle(.index(2)),
      .number: TextStyle(.index(5)),
      .boolean: TextStyle(.index(3)),
      .date: TextStyle(.index(4), .default, .bold),
      .data: TextStyle(.index(5), .default, .dim),
      .uid: TextStyle(.index(5), .default, .underline),
      .container: TextStyle(.default, .default, .dim),
      .escape: TextStyle(.index(1), .default, .underline),
      .file: TextStyle(.default, .default, .bold),
      .bundle: TextStyle(.index(4), .default, .bold),
      .guide: TextStyle(.default, .default, .dim),
      .error: TextStyle(.index(1), .default, .bold),
      .warning: TextStyle(.index(3), .default, .bold),
      .note: TextStyle(.index(6)),
      .selection: TextStyle(.index(0), .index(6)),
      .selectionInactive: TextStyle(.default, .default, .reverse),
      .match: TextStyle(.index(0), .index(3)),
      .label: TextStyle(.default, .default, .bold),
      .link: TextStyle(.index(4), .default, .underline),
      .code: TextStyle(.index(5)),
      .helpKey: TextStyle(.index(6), .default, .bold),
      .helpGroup: TextStyle(.index(3), .default, .bold),
      .input: TextStyle(.default, .default, .underline),
    ])
}

extension Theme {
  /// The monochrome theme, compiled in for `NO_COLOR` and terminals without colour.
  ///
  /// It uses no colour at all, only attributes, and `Themes/monochrome.theme` holds the same
  /// styles (a test keeps the two equal). Reverse marks the selection and the bars; bold with
  /// underline marks errors; bold alone warnings; italic notes.
  package static let builtInMonochrome = Theme(
    name: "monochrome", minimumColors: 0,
    styles: [
      .normal: TextStyle(),
      .title: TextStyle(.default, .default, .reverse),
      .titleError: TextStyle(.default, .default, [.bold, .underline, .reverse]),
      .titleWarning: TextStyle(.default, .default, [.bold, .reverse]),
      .titleNote: TextStyle(.default, .default, [.reverse, .italic]),
      .status: TextStyle(.default, .default, .reverse),
      .statusKey: TextStyle(.default, .default, [.bold, .reverse]),
      .statusMessage: TextStyle(.default, .default, [.bold, .reverse]),
      .statusError: TextStyle(.default, .default, [.bold, .underline, .reverse]),
      .border: TextStyle(.default, .default, .dim),
      .paneTitle: TextStyle(.default, .default, .dim),
      .paneTitleFocused: TextStyle(.default, .default, [.bold, .reverse]),
      .key: TextStyle(.default, .default, .bold),
      .displayName: TextStyle(.default, .default, [.bold, .italic]),
      .index: TextStyle(.default, .default, .dim),
      .type: TextStyle(.default, .default, .dim),
      .string: TextStyle(),
      .number: TextStyle(),
      .boolean: TextStyle(),
      .date: TextStyle(),
      .data: TextStyle(.default, .default, .dim),
      .uid: TextStyle(.default, .default, .italic),
      .container: TextStyle(.default, .default, .dim),
      .escape: TextStyle(.default, .default, .underline),
      .file: TextStyle(.default, .default, [.bold, .underline]),
      .bundle: TextStyle(.default, .default, [.bold, .underline]),
      .guide: TextStyle(.default, .default, .dim),
      .error: TextStyle(.default, .default, [.bold, .underline]),
      .warning: TextStyle(.default, .default, .bold),
      .note: TextStyle(.default, .default, .italic),
      .selection: TextStyle(.default, .default, .reverse),
      .selectionInactive: TextStyle(.default, .default, .underline),
      .match: TextStyle(.default, .default, [.bold, .underline, .reverse]),
      .label: TextStyle(.default, .default, .bold),
      .link: TextStyle(.default, .default, .underline),
      .code: TextStyle(.default, .default, .italic),
      .helpKey: TextStyle(.default, .default, .bold),
      .helpGroup: TextStyle(.default, .default, [.bold, .underline]),
      .input: TextStyle(.default, .default, .underline),
    ])
}
