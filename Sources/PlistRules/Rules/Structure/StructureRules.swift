extension RuleCatalog {
  /// Structure and types: root type, duplicate keys, known keys with the wrong type, near-miss
  /// spellings, keys in the wrong file or for another platform, deprecated, ignored and
  /// exclusive keys, invalid and empty values, dates outside the calendar, files that do not parse.
  static let structure: [any Rule.Type] = [
    WrongRootTypeRule.self,
    DuplicateKeyRule.self,
    KnownKeyWrongTypeRule.self,
    NearMissKeyRule.self,
    KeyInWrongFileRule.self,
    KeyForOtherPlatformRule.self,
    DeprecatedKeyRule.self,
    IgnoredKeyRule.self,
    ExclusiveKeysRule.self,
    InvalidValueRule.self,
    EmptyValueRule.self,
    IneffectiveInfoPlistKeySettingRule.self,
    ByteOrderMarkRule.self,
    OutOfRangeDateRule.self,
    UnreadableBuildConfigurationRule.self,
    UnreadableInputRule.self,
    UnreadablePropertyListRule.self,
  ]
}
