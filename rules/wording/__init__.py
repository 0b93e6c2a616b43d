"""The rules engines' words in the reader's language.

The engines (`rules.engine`, `rules.battlesone`, the calculators) are pure Python and write
English, with a key and its facts beside each sentence; the modules here word them with Django's
gettext for pages, forms and API answers: refusals, the board's legend, BATTLES ONE's and the
calculators' sentences, the rules' section titles and the game systems' labels.
"""
