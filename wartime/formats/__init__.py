"""Reading and writing the project's YAML files, with errors that say where."""
