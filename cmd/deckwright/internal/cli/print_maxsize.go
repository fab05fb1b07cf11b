package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// parseByteSize reads a file size as copy shops write it: 100MB, 1.5 GB,
// 500kB, 2MiB, or a number of bytes. KB, MB and GB are powers of 1000
// (as shops and operating systems' file dialogs count), KiB, MiB and GiB
// powers of 1024.
func parseByteSize(s string) (int64, error) {
	t := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	mult := 1.0
	for _, u := range []struct {
		suffix string
		mult   float64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSuffix(t, u.suffix), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) || v*mult > 1e12 {
		return 0, fmt.Errorf("%q: want a size such as 100MB, 1.5GB or 500KB", s)
	}
	return int64(v * mult), nil
}
