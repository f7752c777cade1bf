#!/usr/bin/env python3
"""How orange.truth.png was made (kept for the record; the truth is orange.trace.json).
GrabCut lost the orange's dark left side against the dark backdrop, so: 21 edge points read
by hand on a brightened 2x view, a Catmull-Rom curve through them, then the edge snapped
along 360 rays from the middle to the strongest change of grey level plus R-G (image blurred
1.5 px) within 12 px of the curve, and the radii median-filtered over 9 degrees."""
import os

import sys,json,math,numpy as np; sys.path.insert(0,os.path.dirname(os.path.abspath(__file__))); import trace as T
P=[(140,70),(180,60),(250,52),(320,55),(380,75),(425,115),(450,175),(460,250),(455,325),(435,395),(400,450),(350,485),(280,499),(200,497),(130,480),(90,440),(55,390),(35,320),(35,225),(60,150),(100,85)]
def catmull(P,n=12):
    out=[];N=len(P)
    for i in range(N):
        p0,p1,p2,p3=[np.array(P[(i+k)%N],float) for k in (-1,0,1,2)]
        for s in np.linspace(0,1,n,endpoint=False):
            out.append(0.5*((2*p1)+(-p0+p2)*s+(2*p0-5*p1+4*p2-p3)*s*s+(-p0+3*p1-3*p2+p3)*s**3))
    return [[round(float(x),2),round(float(y),2)] for x,y in out]
os.chdir(T.HERE)
tr=T.load_trace('orange'); tr['seed']['edge_points']=P
tr['ops']=[{"op":"add","note":"Catmull-Rom curve through edge points read by hand on brightened crops (seed.edge_points)","points":catmull(P)}]
T.save_trace('orange',tr); T.build('orange')
import cv2
from PIL import Image
img=np.asarray(Image.open('orange.jpg').convert('RGB')).astype(np.float32)
img=cv2.GaussianBlur(img,(0,0),1.5)
L=img.mean(axis=2); RG=img[...,0]-img[...,1]
poly=np.array(catmull(P))
cx,cy=248.0,275.0
angs=np.arange(0,360,1.0)
def radius_of(poly,a):
    d=np.array([math.cos(math.radians(a)),math.sin(math.radians(a))])
    v=poly-[cx,cy]; ang=np.degrees(np.arctan2(v[:,1],v[:,0]))%360
    i=np.argmin(np.abs((ang-a+180)%360-180)); return np.hypot(*v[i])
R0=np.array([radius_of(poly,a) for a in angs])
R=[]
for a,r0 in zip(angs,R0):
    d=np.array([math.cos(math.radians(a)),math.sin(math.radians(a))])
    rs=np.arange(r0-12,r0+12,0.5)
    xs=cx+rs*d[0]; ys=cy+rs*d[1]
    ok=(xs>=1)&(xs<510)&(ys>=1)&(ys<510)
    f1=cv2.remap(L,xs.astype(np.float32).reshape(1,-1),ys.astype(np.float32).reshape(1,-1),cv2.INTER_LINEAR)[0]
    f2=cv2.remap(RG,xs.astype(np.float32).reshape(1,-1),ys.astype(np.float32).reshape(1,-1),cv2.INTER_LINEAR)[0]
    g=np.abs(np.gradient(f1))+np.abs(np.gradient(f2))
    g[~ok]=0
    R.append(rs[np.argmax(g)] if g.max()>2 else r0)
R=np.array(R)
# median over 9 degrees against noise
Rm=np.array([np.median(np.take(R,range(i-4,i+5),mode='wrap')) for i in range(len(R))])
pts=[[round(cx+r*math.cos(math.radians(a)),2),round(cy+r*math.sin(math.radians(a)),2)] for a,r in zip(angs,Rm)]
np.save('/tmp/orange_dr.npy',np.stack([angs,R0,R,Rm]))
tr=T.load_trace('orange')
tr['ops']=[{"op":"add","note":"edge snapped along 360 rays from (248,275): strongest change of grey level plus R-G (blurred 1.5 px) within 12 px of the hand curve, median over 9 degrees","points":pts}]
T.save_trace('orange',tr); T.build('orange')
print(np.round(Rm-R0,1)[::10])
