# latency.gp: the per-call latency distributions of make bench's userspace
# runs (kallsyms_bench -d), one curve per kernel source, as an SVG.
#   gnuplot -e "dir='build/bench'; out='latency.svg'; map='...'" latency.gp
# dir/user-{stock,index,no-index}/lat/{lookup_name,lookup}.ns: the time of
# each call in ns, sorted; every 25th of them is plotted, which keeps the
# shape of a distribution of 15-155 thousand calls and the file small.
set terminal svg size 1000,440 dynamic font "sans,12" background "white"
set output out
set multiplot layout 1,2 title "kallsyms per-call latency, natively in userspace, ".map
set logscale x 10
set format x "10^{%L}"
set xlabel "ns per call"
set ylabel "fraction of calls at most this slow"
set yrange [0:1]
set grid
set key bottom right
kernels = "stock index no-index"
colors = "#c0392b #2471a3 #7d7d7d"
do for [w in "lookup_name lookup"] {
	set title (w eq "lookup_name" ? "kallsyms\\_lookup\\_name(): name to address" \
				     : "kallsyms\\_lookup(): address to name")
	plot for [i = 1:3] dir."/user-".word(kernels, i)."/lat/".w.".ns" \
		every 25 using 1:(1) smooth cnormal with lines lw 2 lc rgb word(colors, i) \
		title word(kernels, i)
}
unset multiplot
