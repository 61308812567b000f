"""Stand-in for ``jedi`` in the static site's Python: the Pyodide kernel asks for a package of this
name at start, but jedi only serves code completion, which Voici's pages never ask for. The real
wheel and its parso would be 1.7 MB of every first visit's download. Importing this says so as an
ImportError, which IPython expects where jedi is absent (it completes without it)."""

raise ImportError("jedi is not in the static site (no code completion there): see docs/deploy.md")
