podium-ink 1
scope step
generation 3
board board-1 c1-2 white
board board-2 board-1 black
title c1-2 "One"
stroke c1-2 0 pen #e51e1e 0.004 0.1,0.2 0.3,0.4,0.5
stroke c1-2 1 highlighter #ffff00 0.03 0.1,0.5 0.6,0.5
stroke board-1 0 pen #e51e1e 0.004 0.3,0.3 0.5,0.4
