"""Which curated lists RepoFinder may ship facts from: the one rule make-starter-lists.py and make-replacements.py
share, so that a license decision cannot drift between the two shipped files."""


def shippable(license_text):
    """Whether a list's license (the `license` column of ../shared/data/awesome/lists.tsv) is stated and allows
    commercial use: not empty, not "none" or "unclear", not a non-commercial (-NC) license."""
    text = license_text.strip().lower()
    return bool(text) and not text.startswith(("none", "unclear")) and "-nc" not in text and "noncommercial" not in text
