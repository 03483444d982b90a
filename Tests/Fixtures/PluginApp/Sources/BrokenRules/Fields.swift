/// Never used: the build stops at broken.rules.
public let brokenRulesFields = BrokenRules.allFields
