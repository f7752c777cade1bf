#!/usr/bin/env python3
"""How the first draft of aloe.truth.png was made (kept for the record; the truth is
aloe.trace.json). Needs Debian's opencv-doc unpacked (dpkg -x) for the Middlebury
ground-truth disparity of the same photo: OPENCV_DOC=<root>/usr/share/doc/opencv-doc.

Disparity minus a smooth fitted backdrop (and, near the bottom, the floor's per-row level):
more than 14 px nearer is sure product, under 3 px is sure background, unknown disparity
(the backdrop hidden from the right camera) is background except in the rosette's glossy
centre, and GrabCut on colour settles the rest and the pot's foot, where depth cannot help.
Writes /tmp/aloe_draft.png.
"""
import os
import numpy as np, cv2
from PIL import Image
d=np.asarray(Image.open(os.environ['OPENCV_DOC'] + '/examples/data/aloeGT.png')).astype(float)
img=np.asarray(Image.open(os.environ['OPENCV_DOC'] + '/examples/data/aloeL.jpg').convert('RGB'))
h,w=d.shape
valid0=d>0
df=d.copy()
yy,xx=np.mgrid[0:h,0:w]; X=xx/w; Y=yy/h
cols=[np.ones_like(X)]+[X**i*Y**j for i in range(5) for j in range(5-i) if i+j>0]
F=np.stack(cols,-1)
valid=df>0
bgm=valid&(yy<900)
for it in range(6):
    coef,*_=np.linalg.lstsq(F[bgm][::7],df[bgm][::7],rcond=None)
    fit=F@coef; res=df-fit; bgm=valid&(res<6)&(yy<900)
# floor rows: background = the row's lower-quartile disparity (the floor fills most of each row)
for y in range(880,h):
    r=df[y][df[y]>0]
    if len(r): fit[y]=np.maximum(fit[y] if y<900 else 0, np.percentile(r,35))
res=df-fit
mask=np.full((h,w),cv2.GC_BGD,np.uint8)  # unknown disparity = occluded backdrop
mask[615:710,715:810][d[615:710,715:810]==0]=cv2.GC_PR_FGD  # except the rosette's glossy centre
mask[valid&(res<3)]=cv2.GC_BGD
mask[valid&(res>=3)]=cv2.GC_PR_FGD
mask[valid&(res>14)]=cv2.GC_FGD
# at the floor, depth cannot separate the pot's foot from the cloth: colour decides there
band=(yy>1000)&(np.abs(res)<10)
mask[band]=cv2.GC_PR_BGD
bgd=np.zeros((1,65));fgd=np.zeros((1,65))
cv2.grabCut(img[:,:,::-1].copy(),mask,None,bgd,fgd,6,cv2.GC_INIT_WITH_MASK)
fg=np.isin(mask,(1,3)).astype(np.uint8)
n,lab,st,_=cv2.connectedComponentsWithStats(fg,connectivity=4)
big=np.argmax(st[1:,4])+1
fg=(lab==big).astype(np.uint8)
Image.fromarray(fg*255).save('/tmp/aloe_draft.png')
print(fg.mean())
