package printjob

import "testing"

// TestFormatBytes: the sizes --max-size quotes back read as the user wrote
// them; --max-size 100 (bytes) was quoted as "0 kB".
func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{100: "100 bytes", 1: "1 byte", 999: "999 bytes", 10e3: "10 kB", 5e6: "5.0 MB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
