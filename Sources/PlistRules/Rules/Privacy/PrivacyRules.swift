extension RuleCatalog {
  /// Purpose strings: validity, style, localised copies, keys required by evidence.
  static let privacy: [any Rule.Type] = [
    BlankPurposeStringRule.self,
    LongPurposeStringRule.self,
    PurposeStringTypeRule.self,
    PlaceholderPurposeStringRule.self,
    PurposeStringStyleRule.self,
    LocalizedPurposeStringWithoutBaseRule.self,
    InfoPlistStringsFileNameRule.self,
    MissingPurposeStringRule.self,
  ]
}
