// A fixture citing clauses for scripts/check_semantics.py's own tests: defined G-1, FIX-2, FIX-6, AMB-8 and X-1;
// undefined FIX-6a (a suffix is its own id), AMB-9 (the tail of the range AMB-8..9) and PAD-G2U-3.
// Not citations: G-1-conformance is G-1; UTF-8, SHA-256 and ISO-8601 are not clause families.
int main() { return 0; }  // PAD-G2U-3
// FIX-77 is skipped: check_semantics: not a clause
