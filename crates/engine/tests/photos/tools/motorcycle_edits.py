#!/usr/bin/env python3
"""The hand edits on top of the depth draft of motorcycle.truth.png (kept for the record; the
truth is motorcycle.trace.json): runs motorcycle_depth_draft.py, fills enclosed specks under
25 px, then adds the side stand, tail light, a ring under the rear fender and the rear tyre's
lit tread, all traced on 8x crops."""
import os
import subprocess
import sys

HERE_TOOLS = os.path.dirname(os.path.abspath(__file__))
subprocess.run([sys.executable, os.path.join(HERE_TOOLS, "motorcycle_depth_draft.py")], check=True)
sys.path.insert(0, HERE_TOOLS)
import trace as T  # noqa: E402

os.chdir(T.HERE)
import numpy as np,cv2
from PIL import Image
def L(x0,y0,z,pts): return [[round(x0+px/z,2),round(y0+py/z,2)] for px,py in pts]
fg=np.asarray(Image.open('/tmp/moto_draft2.png'))>127
fg=fg.astype(np.uint8)
# fill specks enclosed by the bike (unknown disparity on chrome)
n,lab,st,_=cv2.connectedComponentsWithStats(1-fg,connectivity=4)
h,w=fg.shape
for i in range(1,n):
    x,y,ww,hh,a=st[i]
    if x>0 and y>0 and x+ww<w and y+hh<h and a<25: fg[lab==i]=1
ops=T.vectorise(fg.astype(bool),"depth+grabcut draft (front tyre re-cut along a stroke; enclosed specks < 25 px filled)")
ops.append({"op":"add","note":"side stand: rod, foot, spring and lever (hand, 8x crop)","points":L(300,360,8,[(170,40),(175,150),(200,200),(210,260),(211,330),(213,420),(218,520),(222,565),(185,570),(178,590),(200,605),(260,610),(320,600),(335,575),(330,545),(300,505),(285,480),(285,420),(290,330),(285,260),(270,200),(290,160),(295,40)])})
ops.append({"op":"add","note":"side stand lever","points":L(300,360,8,[(145,195),(175,165),(190,180),(160,215)])})
ops.append({"op":"add","note":"stand's second leg behind the rod (hand)","points":L(300,360,8,[(280,200),(330,215),(370,260),(395,320),(420,370),(400,385),(370,385),(330,360),(300,330),(285,280)])})
ops.append({"op":"add","note":"tail light (hand; depth puts it level with the bench behind)","points":[[92,203],[95,197],[100,194.5],[125,194.5],[127,200],[112,220],[92,219]]})
ops.append({"op":"add","note":"ring under the rear fender (hand)","points":[[100.5,238],[103,234.5],[108,233],[112,234],[113.5,237],[112.5,241],[108,243],[103,242.5]]})
ops.append({"op":"sub","note":"the ring's opening","points":[[104,239],[107.5,238.5],[108,241.5],[104.5,242]]})
ops.append({"op":"add","note":"rear tyre's lit tread on its left side (hand, 8x crop; the draft had stopped inside it)","points":[[132.5,269.4],[130,273.75],[127.5,277.5],[125,283.75],[123.1,290],[121.9,296.25],[121.5,302.5],[121.9,310],[122.5,317.5],[123.1,325],[130,325],[132,300],[139,285],[140,270]]})
t=T.load_trace('motorcycle'); t['ops']=ops
T.save_trace('motorcycle',t); T.build('motorcycle')
