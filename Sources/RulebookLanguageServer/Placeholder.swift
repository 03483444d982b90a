enum LanguageServerPlaceholder {}
