# bars.gp: what users wait for, stock against the series, as an SVG bar
# chart (log scale: the ratios run from 1 to 100).
#   gnuplot -e "data='bars.dat'; out='bars.svg'; head='...'" bars.gp
# data: one row per task, "label" stock_ms series_ms (scripts/table.py --bars).
set terminal svg size 1000,460 dynamic font "sans,12" background "white"
set output out
set title head
set style data histograms
set style histogram clustered gap 1
set style fill solid border -1
set boxwidth 0.9
set logscale y 10
set yrange [1:*]
set ylabel "ms of guest instructions (QEMU -icount), log scale"
set grid ytics
set key top right
set xtics rotate by -20 left noenhanced
plot data using 2:xtic(1) title "stock" lc rgb "#c0392b", \
     "" using 3 title "series" lc rgb "#2471a3"
