# bars.gp: what users wait for, stock against the series, as an SVG bar
# chart (log scale: the ratios run from 1 to 100).
#   gnuplot -e "data='bars.dat'; out='bars.svg'; head='...'" bars.gp
# data: one row per task, "label" stock_ms series_ms (scripts/table.py --bars).
set terminal svg size 1000,460 dynamic font "sans,12" background "white"
set output out
set title head noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid border -1
set boxwidth 0.9
set logscale y 10
set yrange [1:*]
set ylabel "ms of guest instructions, log scale"
set grid ytics
set key top right
# Labels slant down to the left of their bars, so the last stays inside.
set xtics rotate by 25 right noenhanced
set lmargin 18
set rmargin 4
set bmargin 9
plot data using 2:xtic(1) title "stock" lc rgb "#c0392b", \
     "" using 3 title "series" lc rgb "#2471a3"
