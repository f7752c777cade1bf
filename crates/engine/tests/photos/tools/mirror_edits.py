#!/usr/bin/env python3
"""How mirror.truth.png was made (kept for the record; the truth is mirror.trace.json):
the GrabCut draft from the trace's seed (tools/trace.py seed), then the hand edits below,
each found wrong on the review crops. Rewrites mirror.trace.json and mirror.truth.png."""
import os
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace as T  # noqa: E402

os.chdir(T.HERE)
T.seed("mirror")
img = np.asarray(Image.open("mirror.jpg").convert("RGB"))
h, w = img.shape[:2]
draft = np.asarray(Image.open("mirror.truth.png")) > 127


def poly(pts):
    m = Image.new("L", (w * 4, h * 4), 0)
    ImageDraw.Draw(m).polygon([(x * 4, y * 4) for x, y in pts], fill=255)
    return np.asarray(m.resize((w, h), Image.BOX)) >= 128


Z=[(140,350),(177,353),(193,357),(213,360),(233,363),(236,363),(233,380),(232,410),(234,447),(239,477),(245,513),(250,533),(262,556),(275,572),(292,581.5),(325,591.5),(358,596.5),(392,596.5),(425,593.5),(458,586.5),(470,583),(470,640),(140,640)]
zone=poly(Z)
fg=draft&~zone
pouch=[(148,293),(147,303),(150,327),(163,347),(177,353),(193,357),(213,360),(233,363),(240,340),(230,300),(190,280),(168,270),(150,290)]
rim=[(458,585),(492,573),(525,557),(552,537),(572,517),(582,497),(582,488),(570,488),(560,510),(540,530),(515,545),(485,560),(455,572),(440,578)]
leaf=[(692,284),(705,283),(730,291),(746,297),(738,302),(712,299),(695,296)]
fg|=poly(pouch); fg|=poly(rim); fg&=~poly(leaf)
# strings inside the zone: hand centre lines read off a 5x crop, drawn 7 and 6 px wide
# (the cords' measured width), and the knot with the frayed end as a polygon
SA=[(188,338),(190,342),(200,354),(210,366),(220,378),(228,390),(231,402),(232,406)]
SB=[(193,354),(194,358),(195,380),(199,400),(204,416),(210,432),(216,448),(222,464),(224,476)]
SC=[(232,466),(230,480)]
knot=[(210,484),(220,479),(232,478),(238,482),(240,492),(242,504),(244,512),(240,520),(234,526),(226,525),(220,516),(214,506),(208,496),(207,489)]
# Snap each row of a cord to the image: the light falls from the left, so the cord starts at
# the first pixel near the hand line brighter than 150 (concrete rarely passes 150, the lit
# side of the cord is 165-230) and runs the cord's measured width across the row.
Lg=img.astype(float).mean(axis=2)
def cord(line,span):
    out=np.zeros((h,w),bool)
    pts=np.array(line,float)
    for y in range(int(pts[0,1]),int(pts[-1,1])+1):
        xc=np.interp(y,pts[:,1],pts[:,0])
        xs=[x for x in range(int(xc)-8,int(xc)+9) if Lg[y,x]>150]
        if xs: out[y,xs[0]:xs[0]+span]=Lg[y,xs[0]:xs[0]+span]>40  # not the black shadow under it
    return out
# the top of cord B lies in the pouch's shadow, darker than 150: drawn 6 px wide by hand
strings=(cord(SA,10)|cord(SB,7)|T.polyline_mask((h,w),[SC,[(193,352),(193.5,366),(194.5,380)]],6)|poly(knot))&zone
fg|=strings
# The frame's outer edge along its lower half, found pixel by pixel: the brass (also its dark
# olive underside) is warm, R-B >= 22, where the contact shadow and the concrete are neutral
# (R-B < 20). Column by column below the frame, row by row along its left side.
A=img.astype(int); warm=((A[...,0]-A[...,2])>=22)&(A.mean(axis=2)>=30)
edge_cols={}
for x in range(248,584):
    col=warm[:,x]; lum=A[:,x].mean(axis=1)
    hl=[y for y in range(470,610) if lum[y]>140 and col[y]]
    if not hl: continue
    y=max(hl)
    while y+1<h and col[y+1]: y+=1
    edge_cols[x]=y+1
    fg[max(hl):y+1,x]=True
    fg[y+1:,x]=False
edge_rows={}
for y in range(360,516):
    row=warm[y]; lum=A[y].mean(axis=1)
    hl=[x for x in range(228,275) if lum[x]>140 and row[x]]
    if not hl: continue
    x=min(hl)
    while x-1>=0 and row[x-1]: x-=1
    edge_rows[y]=x
    fg[y,x:min(hl)+1]=True
    fg[y,max(x-12,0):x]&=strings[y,max(x-12,0):x]
for y in range(500,546):
    row=warm[y]; lum=A[y].mean(axis=1)
    hl=[x for x in range(540,600) if lum[x]>140 and row[x]]
    if not hl: continue
    x=max(hl)
    while x+1<w and row[x+1]: x+=1
    edge_rows[y]=x
    fg[y,max(hl):x+1]=True
    fg[y,x+1:x+13]=False
# Inside the drawstring's top loop the concrete had been kept: there only the light cord
# (grey level above 165, half way between cord ~220 and concrete ~130) is product.
loop=np.zeros((h,w),bool); loop[70:128,330:470]=True; loop[70:120,318:330]=True
fg[loop]&=(A.mean(axis=2)>165)[loop]
# The fern leaf under the pouch's end is a prop: green pixels (G above R and B) there are background.
box=np.zeros((h,w),bool); box[274:306,674:752]=True
green=(A[...,1]>A[...,0]+4)&(A[...,1]>A[...,2])
fg[box&green]=False
fg&=~poly([(694,276),(752,276),(752,306),(705,306),(694,297)])  # the leaf's lit edge beyond the pouch
# specks left apart from the product by the edits
n,lab,st,_=cv2.connectedComponentsWithStats(fg.astype(np.uint8),connectivity=8)
big=np.argmax(st[1:,4])+1
fg=(lab==big)|np.isin(lab,[i for i in range(1,n) if st[i,4]>=30 and i!=big])
Image.fromarray(fg.astype(np.uint8)*255).save('/tmp/mirror_fg.png')
t=T.load_trace('mirror')
t['ops']=T.vectorise(fg,"grabcut draft corrected by hand: pouch's shadowed left end and the frame's lower half snapped pixel by pixel to where the warm brass meets the neutral shadow and concrete (R-B >= 22), fern leaf (green pixels under the pouch's end), the concrete between strings and frame and inside the top loop removed, the cords there from hand lines snapped row by row to the cord's lit edge (first pixel brighter than 150) and the cord's measured width (leaving out black shadow), the knot as a polygon")
t['seed']['hand']={"pouch_left":pouch,"frame_lower_right":rim,"fern_tip":leaf,"string_zone":Z,"cord_7px":SA,"cords_6px":[SB,SC],"knot":knot,"frame_edge":"lower half snapped to the warm/neutral change (R-B >= 22): see tools notes"}
T.save_trace('mirror',t); T.build('mirror')
