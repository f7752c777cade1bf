#!/usr/bin/env python3
"""How the first draft of motorcycle.truth.png was made (kept for the record; the truth is
motorcycle.trace.json). Uses the ground-truth disparity scikit-image ships with the photo
(skimage/data/motorcycle_disp.npz, Middlebury 2014) and OpenCV GrabCut.

Disparity above 47.5 px and more than 4 px above a plane fitted to the floor is sure product;
under 40 px (shelves, wall) or within 1.5 px of the floor plane is sure background; GrabCut on
colour settles the rest and the pixels with unknown disparity. The front tyre, which stands on
the floor at the floor's own depth, is then re-cut by GrabCut from a stroke along it and a
stroke outside it, taking only pixels within 15 px of the stroke. Writes /tmp/moto_draft2.png.
"""
import os
import sys

import skimage

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace as T  # noqa: E402

DISP = os.path.join(os.path.dirname(skimage.__file__), "data", "motorcycle_disp.npz")
PHOTO = T.photo_path("motorcycle")
import numpy as np, cv2
from PIL import Image
d=np.load(DISP)['arr_0'].astype(float)
img=np.asarray(Image.open(PHOTO).convert('RGB'))
h,w=d.shape; yy,xx=np.mgrid[0:h,0:w]
ok=np.isfinite(d)
sel=ok&(((yy>400)&((xx<110)|(xx>700)))|(yy>485))
A=np.stack([yy[sel],xx[sel],np.ones(sel.sum())],1); coef,*_=np.linalg.lstsq(A,d[sel],rcond=None)
plane=coef[0]*yy+coef[1]*xx+coef[2]
print(coef, np.abs(d[sel]-plane[sel]).mean())
res=np.where(ok,d-plane,np.nan)
np.save('/tmp/moto_res.npy',res)
mask=np.full((h,w),cv2.GC_PR_BGD,np.uint8)
mask[ok&(d>=44)]=cv2.GC_PR_FGD
mask[ok&(d>47.5)&(res>4)]=cv2.GC_FGD
mask[ok&(d<40)]=cv2.GC_BGD
mask[ok&(res<1.5)]=cv2.GC_BGD
# above the handlebars / mirrors nothing of the bike
bgd=np.zeros((1,65));fgd=np.zeros((1,65))
cv2.grabCut(img[:,:,::-1].copy(),mask,None,bgd,fgd,6,cv2.GC_INIT_WITH_MASK)
fg=np.isin(mask,(1,3)).astype(np.uint8)
n,lab,st,_=cv2.connectedComponentsWithStats(fg,connectivity=8)
fg=(lab==np.argmax(st[1:,4])+1).astype(np.uint8)
Image.fromarray(fg*255).save('/tmp/moto_draft.png'); print(fg.mean())
mid=[(522.5,342.5),(533.75,385),(555,415),(585,435),(620,445),(650,442.5),(670,420),(677.5,390),(675,365),(665,342.5),(652.5,325)]
c=np.array([600,385.0])
outer=[tuple(c+(np.array(p)-c)*1.16) for p in mid]
draft=fg.astype(bool)
x0,y0,x1,y1=470,250,710,470
sub=img[y0:y1,x0:x1]
m=np.where(draft[y0:y1,x0:x1],cv2.GC_PR_FGD,cv2.GC_PR_BGD).astype(np.uint8)
def stroke(pts,width):
    return T.polyline_mask(m.shape,[[(x-x0,y-y0) for x,y in pts]],width)
m[stroke(mid,5)]=cv2.GC_FGD
m[stroke(outer,5)]=cv2.GC_BGD
bgd=np.zeros((1,65));fgd=np.zeros((1,65))
cv2.grabCut(sub[:,:,::-1].copy(),m,None,bgd,fgd,6,cv2.GC_INIT_WITH_MASK)
fg=draft.copy()
near=stroke(mid,30)
fg[y0:y1,x0:x1]|=np.isin(m,(1,3))&near
Image.fromarray(fg.astype(np.uint8)*255).save('/tmp/moto_draft2.png')
