enum CommandPlaceholder {}
